package io.quiver.command.connection.api;

import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.shared.api.OrganizationEvent;
import java.util.List;

/**
 * The operations of a connection were (re)imported from its upstream MCP server.
 */
public record ConnectionToolsRefreshedEvent(String orgId, String connectionId,
		List<OperationDefinition> operations) implements OrganizationEvent {
}
