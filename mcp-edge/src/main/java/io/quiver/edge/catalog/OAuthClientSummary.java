package io.quiver.edge.catalog;

/**
 * A connector's OAuth client as setting it answers; never the secret.
 *
 * @param redirectUri Quiver's redirect URI, to register at the provider
 * @param confidential whether a client secret is stored (in the vault)
 */
public record OAuthClientSummary(String connector, String clientId, boolean confidential, String redirectUri) {
}
