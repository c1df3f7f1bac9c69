package io.quiver.command.catalog.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * An admin set the organisation's OAuth client of a connector. Carries the vault ref of
 * the client secret, never the secret (SPEC R1.3); the previous secret is erased.
 *
 * @param clientSecretRef the vault ref of the secret, or null for a public client
 * @param previousSecretRef the ref of the secret this replaces, or null
 */
public record OAuthClientSetEvent(String orgId, String connectorId, String clientId, String clientSecretRef,
		String previousSecretRef) implements OrganizationEvent {
}
