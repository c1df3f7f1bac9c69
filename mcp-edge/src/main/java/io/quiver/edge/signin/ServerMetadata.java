package io.quiver.edge.signin;

import java.util.List;
import java.util.Map;

import io.quiver.edge.config.QuiverProperties;

/**
 * What the authorization server's metadata (RFC 8414, and OIDC discovery) says beyond
 * SAS's defaults, for MCP clients: the registration endpoint, that Client ID Metadata
 * Documents are accepted ({@code client_id_metadata_document_supported}: Claude and
 * ChatGPT then use them instead of registering anew on every connection), {@code none} as
 * the only token endpoint authentication (Claude uses a metadata document only when
 * {@code none} is listed), {@code S256} as the only PKCE method, {@code iss} on
 * authorization responses (RFC 9207), the MCP scopes and the two grants.
 */
final class ServerMetadata {

	private ServerMetadata() {
	}

	/** Sets the claims on SAS's metadata (the OAuth and the OIDC document alike). */
	static void customize(Map<String, Object> claims, QuiverProperties properties) {
		claims.put("registration_endpoint", properties.base() + ClientRegistrationEndpoint.PATH);
		claims.put("token_endpoint_auth_methods_supported", List.of("none"));
		claims.put("revocation_endpoint_auth_methods_supported", List.of("none"));
		claims.put("introspection_endpoint_auth_methods_supported", List.of("none"));
		claims.put("code_challenge_methods_supported", List.of("S256"));
		claims.put("grant_types_supported", AuthorizationServerConfiguration.grantTypes());
		claims.put("response_types_supported", List.of("code"));
		claims.put("scopes_supported", AuthorizationServerConfiguration.scopes());
		claims.put("client_id_metadata_document_supported", true);
		claims.put("authorization_response_iss_parameter_supported", true);
	}

}
