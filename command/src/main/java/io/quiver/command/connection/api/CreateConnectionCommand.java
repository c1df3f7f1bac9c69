package io.quiver.command.connection.api;

import java.util.List;

import io.quiver.command.catalog.api.OperationDefinition;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Creates a connection: an account on a connector, owned by a member, with an optional
 * grant and, for an MCP connector, the operations imported from its upstream server, so
 * that the connection and its tools come into being together.
 */
public record CreateConnectionCommand(@TargetAggregateIdentifier String connectionId, String orgId, String connectorId,
		String label, String ownerMemberId, GrantReference grant, List<OperationDefinition> operations) {
}
