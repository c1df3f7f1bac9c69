package io.quiver.command.connection.api;

import java.util.List;

import io.quiver.command.catalog.api.OperationDefinition;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Creates a connection: an account on a connector, owned by a member, with an optional
 * grant and, for an MCP connector, the operations imported from its upstream server, so
 * that the connection and its tools come into being together.
 *
 * @param awaitingAuthorization the connection has no grant yet because its owner is to
 * authorize it by OAuth ({@code pending-authorization})
 */
public record CreateConnectionCommand(@TargetAggregateIdentifier String connectionId, String orgId, String connectorId,
		String label, String ownerMemberId, GrantReference grant, List<OperationDefinition> operations,
		boolean awaitingAuthorization) {

	public CreateConnectionCommand(String connectionId, String orgId, String connectorId, String label,
			String ownerMemberId, GrantReference grant, List<OperationDefinition> operations) {
		this(connectionId, orgId, connectorId, label, ownerMemberId, grant, operations, false);
	}

}
