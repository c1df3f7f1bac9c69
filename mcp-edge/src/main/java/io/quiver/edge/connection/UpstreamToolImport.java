package io.quiver.edge.connection;

import java.util.List;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.connection.vault.Credential;

/**
 * Imports the tools of an upstream MCP server (SPEC R4.1): its whole {@code tools/list},
 * every page, as operation definitions.
 */
public interface UpstreamToolImport {

	/**
	 * @param credential the connection's credential, or null
	 * @throws RuntimeException with a message naming the problem when the upstream cannot
	 * be reached or answers badly
	 */
	List<OperationDefinition> importTools(ConnectorDefinition connector, Credential credential);

}
