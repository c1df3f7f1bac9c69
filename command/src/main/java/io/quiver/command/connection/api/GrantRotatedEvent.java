package io.quiver.command.connection.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A connection's grant was replaced; the previous secret is erased.
 */
public record GrantRotatedEvent(String orgId, String connectionId, String previousVaultRef,
		GrantReference grant) implements OrganizationEvent {
}
