package io.quiver.edge.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Quiver's own settings ({@code quiver.*} in {@code application.yml}).
 *
 * @param dataDir where the embedded default keeps its files
 * @param publicUrl how clients reach this server; the MCP resource is
 * {@code publicUrl + /mcp}
 * @param bootstrap what to create on an empty store
 * @param oauth token validation and metadata
 * @param devIssuer the local token issuer
 * @param mcp the MCP endpoint's limits
 * @param api the REST API's limits
 */
@ConfigurationProperties("quiver")
public record QuiverProperties(Path dataDir, URI publicUrl, Bootstrap bootstrap, Oauth oauth, DevIssuer devIssuer,
		Mcp mcp, Api api) {

	public QuiverProperties {
		dataDir = (dataDir != null) ? dataDir : Path.of("./data");
		bootstrap = (bootstrap != null) ? bootstrap : new Bootstrap("demo", "admin");
		oauth = (oauth != null) ? oauth : new Oauth("org", "", List.of());
		devIssuer = (devIssuer != null) ? devIssuer : new DevIssuer("auto", Duration.ofHours(8), false);
		mcp = (mcp != null) ? mcp : new Mcp(1_048_576, 500, List.of(), List.of(), "");
		api = (api != null) ? api : new Api(10_485_760);
	}

	/** The MCP resource identifier, {@code {publicUrl}/mcp}. */
	public String resource() {
		return base() + "/mcp";
	}

	/** The public URL without a trailing slash. */
	public String base() {
		String url = this.publicUrl.toString();
		return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
	}

	/**
	 * @param org id of the organisation created on an empty store
	 * @param owner subject of its first OWNER
	 */
	public record Bootstrap(String org, String owner) {
	}

	/**
	 * @param orgClaim the claim naming the organisation
	 * @param defaultOrg the organisation of tokens without that claim
	 * (single-organisation deployments), or empty
	 * @param authorizationServers named in the Protected Resource Metadata; defaults to
	 * the issuer
	 */
	public record Oauth(String orgClaim, String defaultOrg, List<String> authorizationServers) {

		public Oauth {
			orgClaim = (orgClaim != null && !orgClaim.isBlank()) ? orgClaim : "org";
			defaultOrg = (defaultOrg != null) ? defaultOrg : "";
			authorizationServers = (authorizationServers != null) ? authorizationServers : List.of();
		}

	}

	/**
	 * @param enabled {@code auto} (on with the embedded default), {@code true} or
	 * {@code false}
	 * @param tokenTtl how long issued tokens live
	 * @param allowRemote development only: {@code /dev/token} and the development sign-in
	 * answer callers at any address, not only loopback (a trial in a container, reached
	 * from the host); refused at start-up unless the issuer is on
	 */
	public record DevIssuer(String enabled, Duration tokenTtl, boolean allowRemote) {

		public DevIssuer {
			enabled = (enabled != null) ? enabled : "auto";
			tokenTtl = (tokenTtl != null) ? tokenTtl : Duration.ofHours(8);
		}

	}

	/**
	 * @param maxBodyBytes bound on one request body
	 * @param pageSize tools per {@code tools/list} page
	 * @param allowedHosts extra Host names the endpoint answers to
	 * @param allowedOrigins extra Origins allowed in browsers
	 * @param anonymousSubject test-only: loopback requests without a token act as this
	 * subject
	 */
	public record Mcp(int maxBodyBytes, int pageSize, List<String> allowedHosts, List<String> allowedOrigins,
			String anonymousSubject) {

		public Mcp {
			maxBodyBytes = (maxBodyBytes > 0) ? maxBodyBytes : 1_048_576;
			pageSize = (pageSize > 0) ? pageSize : 500;
			allowedHosts = (allowedHosts != null) ? allowedHosts : List.of();
			allowedOrigins = (allowedOrigins != null) ? allowedOrigins : List.of();
			anonymousSubject = (anonymousSubject != null) ? anonymousSubject : "";
		}

	}

	/**
	 * @param maxBodyBytes bound on one REST request body (OpenAPI documents can be large)
	 */
	public record Api(int maxBodyBytes) {

		public Api {
			maxBodyBytes = (maxBodyBytes > 0) ? maxBodyBytes : 10_485_760;
		}

	}

}
