package io.quiver.query.toolindex.api;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.Classification;
import io.quiver.command.catalog.api.OperationDefinition;

/**
 * A connected (third-party) tool as advertised (SPEC R4.2, R4.3): an account tool
 * {@code {label}__{operation}} of one connection, or a toolbox entry backed by one or
 * more connections.
 *
 * @param key stable key in the organisation's index
 * @param name the advertised name
 * @param kind account tool or toolbox entry
 * @param connectorId the connector
 * @param connectorLabel the connector's display label
 * @param operation the operation definition (from the catalog or imported upstream)
 * @param connectionIds the backing connections (one for account tools)
 * @param accountLabels their labels, in the same order
 * @param ownerMemberId for account tools, the connection's owner; null for entries
 * @param toolboxId for entries, the toolbox; null for account tools
 * @param entryId for entries, the entry id; null for account tools
 * @param defaults applied first at execution; never null
 * @param frozen applied last at execution and hidden from the schema; never null
 * @param description the advertised description, scaffolding included
 * @param inputSchema the advertised input schema: frozen keys stripped, a required
 * {@code connection} argument when more than one connection backs it
 */
public record ConnectedTool(String key, String name, Kind kind, String connectorId, String connectorLabel,
		OperationDefinition operation, List<String> connectionIds, List<String> accountLabels, String ownerMemberId,
		String toolboxId, String entryId, ObjectNode defaults, ObjectNode frozen, String description,
		JsonNode inputSchema) {

	/** The argument that selects the account of a merged tool (SPEC R4.3). */
	public static final String CONNECTION_ARGUMENT = "connection";

	public Classification classification() {
		return this.operation.classification();
	}

	public boolean merged() {
		return this.connectionIds.size() > 1;
	}

	/** What kind of connected tool. */
	public enum Kind {

		ACCOUNT, ENTRY

	}

}
