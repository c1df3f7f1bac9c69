package io.quiver.command.toolbox.api;

import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.OperationRef;

/**
 * One entry of a toolbox (SPEC R4.3): an operation of a connector, backed by one or more
 * connections of that connector, with defaults and frozen parameters, advertised under
 * one name.
 *
 * @param entryId stable id within the toolbox
 * @param operation the connector operation
 * @param connectionIds the connections backing it; more than one makes a merged tool with
 * a {@code connection} argument
 * @param advertisedName the advertised tool name (default {@code {toolbox}__{operation}})
 * @param defaults argument values applied first at execution
 * @param frozen argument values applied last at execution and stripped from the
 * advertised schema
 */
public record ToolboxEntry(String entryId, OperationRef operation, List<String> connectionIds, String advertisedName,
		ObjectNode defaults, ObjectNode frozen) {

	public ToolboxEntry {
		if (entryId == null || operation == null || advertisedName == null) {
			throw new IllegalArgumentException("a toolbox entry needs an id, an operation and an advertised name");
		}
		if (connectionIds == null || connectionIds.isEmpty()) {
			throw new IllegalArgumentException("a toolbox entry needs at least one connection");
		}
		connectionIds = List.copyOf(connectionIds);
	}

}
