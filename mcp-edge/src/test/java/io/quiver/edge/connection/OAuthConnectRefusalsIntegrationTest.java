package io.quiver.edge.connection;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.quiver.edge.oauth.OAuthConnect;
import io.quiver.support.Mcp;
import io.quiver.support.Organizations;
import io.quiver.support.QuiverApp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import io.quiver.support.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the OAuth connect flow refuses (SPEC R4.5), on the shared test context, where no
 * test-only allowance is on: a callback whose {@code state} is unknown, replayed or
 * expired, the provider answering {@code error=access_denied}, a token endpoint that is
 * down, one on a private address (the outbound guard), a connector without an OAuth
 * client, and a redirect URI that is neither https nor loopback. Each stores nothing: the
 * connection stays {@code pending-authorization} with no vault entry.
 */
class OAuthConnectRefusalsIntegrationTest extends QuiverIntegrationTest {

	private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

	@Autowired
	private JdbcTemplate jdbc;

	private String org;

	private Rest owner;

	@BeforeEach
	void organization() {
		this.org = this.organizations.create("oauth-no");
		this.owner = rest(this.org, "owner");
	}

	@Test
	void aStateThatIsUnknownReplayedOrExpiredIsRefusedAndStoresNothing() throws Exception {
		register("downapp", "http://127.0.0.1:" + closedPort(), true);
		HttpResponse<String> unknown = callback("state=" + "A".repeat(43) + "&code=whatever");
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.body()).contains("does not match an authorization");
		HttpResponse<String> none = callback("code=whatever");
		assertThat(none.statusCode()).isEqualTo(400);

		String state = state(connect("downapp", "down-one"));
		HttpResponse<String> denied = callback("state=" + state + "&error=access_denied");
		assertThat(denied.statusCode()).isEqualTo(400);
		assertThat(denied.body()).contains("access_denied", "declined", "nothing was stored");
		HttpResponse<String> replayed = callback("state=" + state + "&code=whatever");
		assertThat(replayed.statusCode()).isEqualTo(400);
		assertThat(replayed.body()).contains("used once");
		assertNothingStored("down-one");

		String late = state(connect("downapp", "down-two"));
		this.jdbc.update("UPDATE oauth_connect_state SET expires_at = ? WHERE org_id = ? AND used_at IS NULL",
				Timestamp.from(Instant.now().minusSeconds(1)), this.org);
		HttpResponse<String> expired = callback("state=" + late + "&code=whatever");
		assertThat(expired.statusCode()).isEqualTo(400);
		assertThat(expired.body()).contains("expired");
		assertNothingStored("down-two");
	}

	@Test
	void aTokenEndpointThatIsDownAnswersInBandAndStoresNothing() throws Exception {
		register("downapp", "http://127.0.0.1:" + closedPort(), true);
		String state = state(connect("downapp", "down-three"));
		HttpResponse<String> down = callback("state=" + state + "&code=some-code");
		assertThat(down.statusCode()).isEqualTo(502);
		assertThat(down.body()).contains("could not be reached", "Nothing was stored");
		assertNothingStored("down-three");
		try (Mcp mcp = mcp(this.org, "owner")) {
			Mcp.Result call = mcp.call("down-three__whoami", Map.of());
			assertThat(call.isError()).isTrue();
			assertThat(call.text()).contains("down-three");
		}
	}

	@Test
	void aTokenEndpointOnAPrivateAddressIsRefusedByTheOutboundGuard() throws Exception {
		register("privateapp", "http://127.0.0.1:" + closedPort(), false);
		String state = state(connect("privateapp", "private-one"));
		HttpResponse<String> refused = callback("state=" + state + "&code=some-code");
		assertThat(refused.statusCode()).isEqualTo(400);
		assertThat(refused.body()).contains("token endpoint", "127.0.0.1");
		assertNothingStored("private-one");
	}

	@Test
	void anMcpServerOnAPrivateAddressIsNotProbedForItsAuthorization() throws Exception {
		Rest.Response registered = this.owner.post("/api/v1/catalog", Map.of("id", "private-mcp", "label",
				"Private MCP", "kind", "mcp", "url", "http://127.0.0.1:" + closedPort() + "/mcp"));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		try (Mcp mcp = mcp(this.org, "owner")) {
			Mcp.Result created = mcp.call("quiver__connections__create",
					Map.of("connector", "private-mcp", "label", "private-mcp"));
			assertThat(created.isError()).isTrue();
			assertThat(created.text()).contains("127.0.0.1");
		}
		assertThat(this.owner.get("/api/v1/connections/private-mcp").status()).isEqualTo(404);
	}

	@Test
	void quiverPublishesItsClientIdMetadataDocument() throws Exception {
		HttpResponse<String> document = this.http.send(
				HttpRequest.newBuilder(URI.create(baseUrl() + "/oauth/connect/client-metadata.json")).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(document.statusCode()).isEqualTo(200);
		assertThat(document.body()).contains("\"client_id\":\"http://localhost/oauth/connect/client-metadata.json\"",
				"\"redirect_uris\":[\"http://localhost/oauth/connect/callback\"]",
				"\"token_endpoint_auth_method\":\"none\"");
	}

	@Test
	void aConnectorWithoutAnOAuthClientSaysHowToSetOne() throws Exception {
		Rest.Response registered = this.owner.post("/api/v1/catalog", Map.of("id", "noclient", "label", "No Client",
				"kind", "http", "openapi", openApi("https://app.example.com"), "allowPrivateNetwork", false));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		try (Mcp mcp = mcp(this.org, "owner")) {
			Mcp.Result created = mcp.call("quiver__connections__create",
					Map.of("connector", "noclient", "label", "no-client"));
			assertThat(created.isError()).isTrue();
			assertThat(created.text()).contains("quiver__catalog__set_oauth_client");
		}
		Rest.Response plain = this.owner.post("/api/v1/catalog",
				Map.of("id", "plain", "label", "Plain", "kind", "http", "openapi",
						openApi("https://app.example.com").replaceAll(",\\s*\"components\".*", "}"),
						"allowPrivateNetwork", false));
		assertThat(plain.status()).as(plain.body()).isEqualTo(201);
		Rest.Response refused = this.owner.put("/api/v1/catalog/plain/oauth-client",
				Map.of("clientId", "x", "clientSecret", "y"));
		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.body()).contains("declares no OAuth");
	}

	@Test
	void aQuiverWhosePublicUrlIsPlainHttpOnANetworkStartsNoAuthorization() {
		Map<String, String> properties = new HashMap<>(TestDatabase.properties());
		properties.put("quiver.public-url", "http://quiver.example.test");
		try (QuiverApp plain = QuiverApp.start(properties)) {
			String orgId = plain.bean(Organizations.class).create("oauth-plain");
			Rest admin = plain.rest(plain.bean(Organizations.class).token(orgId, "owner"));
			assertThat(
					admin
						.post("/api/v1/catalog", Map.of("id", "plainapp", "label", "Plain App", "kind", "http",
								"openapi", openApi("https://app.example.com")))
						.status())
				.isEqualTo(201);
			Rest.Response client = admin.put("/api/v1/catalog/plainapp/oauth-client", Map.of("clientId", "c"));
			assertThat(client.status()).as(client.body()).isEqualTo(200);
			assertThat(client.json().has("redirectUri")).as("no redirect URI to register").isFalse();
			Rest.Response refused = admin.post("/api/v1/connections",
					Map.of("connector", "plainapp", "label", "plain-one"));
			assertThat(refused.status()).as(refused.body()).isEqualTo(409);
			assertThat(refused.body()).contains("http://quiver.example.test/oauth/connect/callback",
					"neither https nor http on a loopback host");
			assertThat(admin.get("/api/v1/connections/plain-one").status()).isEqualTo(404);
		}
	}

	@Test
	void aRedirectUriThatIsNeitherHttpsNorLoopbackIsRefused() {
		assertThat(OAuthConnect.redirectProblem(URI.create("http://quiver.example.com/oauth/connect/callback")))
			.contains("neither https nor http on a loopback host");
		assertThat(OAuthConnect.redirectProblem(URI.create("http://10.0.0.7/oauth/connect/callback")))
			.contains("neither https nor http on a loopback host");
		assertThat(OAuthConnect.redirectProblem(URI.create("http://127.0.0.1.example.com/cb"))).isNotNull();
		assertThat(OAuthConnect.redirectProblem(URI.create("https://quiver.example.com/oauth/connect/callback")))
			.isNull();
		assertThat(OAuthConnect.redirectProblem(URI.create("http://127.0.0.1:8080/oauth/connect/callback"))).isNull();
		assertThat(OAuthConnect.redirectProblem(URI.create("http://localhost/oauth/connect/callback"))).isNull();
		assertThat(OAuthConnect.redirectProblem(URI.create("http://[::1]:9/oauth/connect/callback"))).isNull();
	}

	private void register(String id, String providerUrl, boolean allowPrivateNetwork) {
		Rest.Response registered = this.owner.post("/api/v1/catalog", Map.of("id", id, "label", id, "kind", "http",
				"openapi", openApi(providerUrl), "allowPrivateNetwork", allowPrivateNetwork));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		Rest.Response client = this.owner.put("/api/v1/catalog/" + id + "/oauth-client",
				Map.of("clientId", "quiver", "clientSecret", "a-secret"));
		assertThat(client.status()).as(client.body()).isEqualTo(200);
	}

	private String connect(String connector, String label) {
		try (Mcp mcp = mcp(this.org, "owner")) {
			Mcp.Result created = mcp.call("quiver__connections__create",
					Map.of("connector", connector, "label", label));
			assertThat(created.isError()).as(created.text()).isFalse();
			assertThat(created.structured().path("grantStatus").asText()).isEqualTo("PENDING_AUTHORIZATION");
			return created.structured().path("authorizationUrl").asText();
		}
	}

	private static String state(String authorizationUrl) {
		for (String pair : URI.create(authorizationUrl).getRawQuery().split("&")) {
			if (pair.startsWith("state=")) {
				return pair.substring(6);
			}
		}
		throw new IllegalStateException("no state in " + authorizationUrl);
	}

	private HttpResponse<String> callback(String query) throws IOException, InterruptedException {
		return this.http.send(
				HttpRequest.newBuilder(URI.create(baseUrl() + OAuthConnect.CALLBACK_PATH + "?" + query)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private void assertNothingStored(String label) {
		Rest.Response connection = this.owner.get("/api/v1/connections/" + label);
		assertThat(connection.json().path("grantStatus").asText()).isEqualTo("PENDING_AUTHORIZATION");
		Integer entries = this.jdbc.queryForObject("SELECT COUNT(*) FROM credential_vault WHERE connection_id = ?",
				Integer.class, connection.json().path("connectionId").asText());
		assertThat(entries).isZero();
	}

	private static String openApi(String url) {
		return """
				{"openapi": "3.0.3", "info": {"title": "App", "version": "1"}, "servers": [{"url": "%1$s"}],
				 "paths": {"/api/me": {"get": {"operationId": "whoami", "responses": {"200": {"description": "ok"}}}}},
				 "components": {"securitySchemes": {"app": {"type": "oauth2", "flows": {"authorizationCode": {
				   "authorizationUrl": "%1$s/oauth2/authorize", "tokenUrl": "%1$s/oauth2/token",
				   "scopes": {"read": "read"}}}}}}}
				""".formatted(url);
	}

	private static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
