package io.quiver.query.toolindex.api;

import java.util.List;

import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.connection.api.GrantReference;

/**
 * A connection as the live policy state knows it.
 *
 * @param grant the live grant, or null
 * @param grantRevoked whether its grant was revoked and none stored since (its tools are
 * not reachable until a new grant is stored)
 * @param importedTools operations imported from an upstream MCP server (empty for http
 * connectors)
 * @param authorization where its OAuth authorization stands: {@link Authorization#NONE}
 * for a pasted credential or a completed authorization
 */
public record ConnectionView(String connectionId, String connectorId, String label, String ownerMemberId,
		GrantReference grant, boolean grantRevoked, List<OperationDefinition> importedTools,
		Authorization authorization) {

	/** Where a connection's OAuth authorization stands (SPEC R4.5). */
	public enum Authorization {

		/** Nothing awaited. */
		NONE,
		/** Created, waiting for its owner to consent at the provider. */
		PENDING,
		/** Its grant could not be refreshed; its owner must reconnect. */
		REAUTHORIZATION_NEEDED

	}

}
