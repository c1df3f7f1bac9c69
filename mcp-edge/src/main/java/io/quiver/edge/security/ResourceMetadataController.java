package io.quiver.edge.security;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.quiver.edge.config.QuiverProperties;
import io.quiver.query.access.Scope;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.security.oauth2.resource.OAuth2ResourceServerProperties;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728, SPEC R12.3), at the root well-known
 * URL and at the path-inserted one for {@code /mcp}, naming the authorization server(s)
 * and {@code scopes_supported}.
 */
@RestController
// not in the rebuild command, which runs without the web server
@ConditionalOnWebApplication
class ResourceMetadataController {

	static final String WELL_KNOWN = "/.well-known/oauth-protected-resource";

	private final QuiverProperties properties;

	private final DevIssuer devIssuer;

	private final OAuth2ResourceServerProperties resourceServer;

	ResourceMetadataController(QuiverProperties properties, DevIssuer devIssuer,
			OAuth2ResourceServerProperties resourceServer) {
		this.properties = properties;
		this.devIssuer = devIssuer;
		this.resourceServer = resourceServer;
	}

	@GetMapping(path = WELL_KNOWN + "/mcp", produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Map<String, Object>> forMcp() {
		return metadata(this.properties.resource());
	}

	@GetMapping(path = WELL_KNOWN, produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Map<String, Object>> forServer() {
		return metadata(this.properties.base());
	}

	private ResponseEntity<Map<String, Object>> metadata(String resource) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("resource", resource);
		body.put("authorization_servers", authorizationServers());
		body.put("scopes_supported", List.of(Scope.allWireNames().split(" ")));
		body.put("bearer_methods_supported", List.of("header"));
		body.put("resource_name", "Quiver");
		body.put("resource_documentation", this.properties.base() + "/swagger-ui.html");
		return ResponseEntity.ok().cacheControl(CacheControl.noCache()).body(body);
	}

	private List<String> authorizationServers() {
		if (!this.properties.oauth().authorizationServers().isEmpty()) {
			return this.properties.oauth().authorizationServers();
		}
		String issuer = this.resourceServer.getJwt().getIssuerUri();
		if (issuer != null && !issuer.isBlank()) {
			return List.of(issuer);
		}
		return List.of(this.devIssuer.enabled() ? this.devIssuer.issuer() : this.properties.base());
	}

	/** The URL of the metadata for the MCP resource, as named in 401 challenges. */
	static String mcpMetadataUrl(QuiverProperties properties) {
		return properties.base() + WELL_KNOWN + "/mcp";
	}

}
