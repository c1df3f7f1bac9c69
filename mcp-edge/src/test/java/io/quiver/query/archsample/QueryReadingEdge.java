package io.quiver.query.archsample;

import io.quiver.edge.call.ToolResult;

/**
 * Deliberately wrong, for {@code ArchitectureTest}: the query side reaching up into the
 * edge.
 */
public class QueryReadingEdge {

	public ToolResult answer() {
		return ToolResult.error("wrong");
	}

}
