package io.quiver.command.connection.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A member connected an account on a connector under a label.
 */
public record ConnectionCreatedEvent(String orgId, String connectionId, String connectorId, String label,
		String ownerMemberId) implements OrganizationEvent {
}
