package io.quiver.command.connection.api;

import io.quiver.command.catalog.api.OperationDefinition;
import java.util.List;

/**
 * The operations of a connection were (re)imported from its upstream MCP server.
 */
public record ConnectionToolsRefreshedEvent(String orgId, String connectionId, List<OperationDefinition> operations) {
}
