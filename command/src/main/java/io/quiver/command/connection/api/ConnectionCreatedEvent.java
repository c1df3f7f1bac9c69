package io.quiver.command.connection.api;

/**
 * A member connected an account on a connector under a label.
 */
public record ConnectionCreatedEvent(String orgId, String connectionId, String connectorId, String label,
		String ownerMemberId) {
}
