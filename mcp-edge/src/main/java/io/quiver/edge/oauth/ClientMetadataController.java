package io.quiver.edge.oauth;

import java.util.Map;

import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Quiver's own Client ID Metadata Document, at
 * {@code {public-url}/oauth/connect/client-metadata.json}: the {@code client_id} Quiver
 * presents to a remote MCP server's authorization server that supports them (SPEC R4.5).
 * A public client: PKCE, no secret, Quiver's callback as its only redirect URI.
 */
@RestController
class ClientMetadataController {

	private final McpAuthorizationDiscovery discovery;

	ClientMetadataController(McpAuthorizationDiscovery discovery) {
		this.discovery = discovery;
	}

	@GetMapping(path = McpAuthorizationDiscovery.CLIENT_METADATA_PATH, produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Map<String, Object>> document() {
		return ResponseEntity.ok()
			.cacheControl(CacheControl.maxAge(java.time.Duration.ofHours(1)))
			.body(this.discovery.clientMetadata());
	}

}
