package io.quiver.command.catalog.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Sets the organisation's OAuth client for a connector (SPEC R4.5): the client the
 * provider registered for it. The secret is in the vault already; the command carries its
 * ref.
 *
 * @param clientSecretRef the vault ref of the client secret, or null for a public client
 */
public record SetOAuthClientCommand(@TargetAggregateIdentifier String orgId, String connectorId, String clientId,
		String clientSecretRef) {
}
