package io.quiver.command.connection.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A connection was deleted; its label is free and its secret erased.
 */
public record ConnectionDeletedEvent(String orgId, String connectionId, String label,
		String vaultRef) implements OrganizationEvent {
}
