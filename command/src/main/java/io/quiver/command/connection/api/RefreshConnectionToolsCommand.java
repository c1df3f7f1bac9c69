package io.quiver.command.connection.api;

import io.quiver.command.catalog.api.OperationDefinition;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Records the operations imported from an upstream MCP server for a connection.
 */
public record RefreshConnectionToolsCommand(@TargetAggregateIdentifier String connectionId, String orgId,
		List<OperationDefinition> operations) {
}
