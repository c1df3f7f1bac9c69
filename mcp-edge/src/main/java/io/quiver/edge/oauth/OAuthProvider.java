package io.quiver.edge.oauth;

import java.net.URI;
import java.util.List;

/**
 * What Quiver needs to know of a provider to run a connection's OAuth grant: declared by
 * an {@code http} connector ({@link io.quiver.command.catalog.api.OAuthSettings}) or
 * discovered from a remote MCP server, with the client Quiver is at that provider.
 *
 * @param name the provider in messages, e.g. "Linear"
 * @param authorizationEndpoint where the member's browser consents
 * @param tokenEndpoint where codes are exchanged and tokens refreshed
 * @param revocationEndpoint RFC 7009 revocation, or null
 * @param scopes the scopes asked for
 * @param pkce whether to send a PKCE challenge (S256)
 * @param resource the RFC 8707 resource indicator to send, or null
 * @param clientId Quiver's client id at the provider
 * @param clientSecretRef the vault ref of its secret, or null for a public client
 * @param clientSecretPost whether the secret goes in the form rather than HTTP Basic
 * @param allowPrivate whether the provider may be on a private address (the connector's
 * {@code allowPrivateNetwork})
 */
public record OAuthProvider(String name, URI authorizationEndpoint, URI tokenEndpoint, URI revocationEndpoint,
		List<String> scopes, boolean pkce, URI resource, String clientId, String clientSecretRef,
		boolean clientSecretPost, boolean allowPrivate) {

	public OAuthProvider {
		scopes = (scopes != null) ? List.copyOf(scopes) : List.of();
	}

}
