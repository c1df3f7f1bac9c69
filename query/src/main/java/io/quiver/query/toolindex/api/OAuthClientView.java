package io.quiver.query.toolindex.api;

/**
 * The organisation's OAuth client of a connector (SPEC R4.5), as an admin set it.
 *
 * @param clientId the client id the provider gave
 * @param clientSecretRef the vault ref of its secret, or null for a public client
 */
public record OAuthClientView(String connectorId, String clientId, String clientSecretRef) {
}
