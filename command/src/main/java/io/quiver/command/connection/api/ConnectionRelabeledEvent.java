package io.quiver.command.connection.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A connection's label changed.
 */
public record ConnectionRelabeledEvent(String orgId, String connectionId, String from,
		String to) implements OrganizationEvent {
}
