package io.quiver.command.connection.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Creates a connection: an account on a connector, owned by a member, with an optional
 * grant.
 */
public record CreateConnectionCommand(@TargetAggregateIdentifier String connectionId, String orgId, String connectorId,
		String label, String ownerMemberId, GrantReference grant) {
}
