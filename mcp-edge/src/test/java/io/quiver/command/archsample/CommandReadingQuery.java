package io.quiver.command.archsample;

import io.quiver.edge.call.ToolResult;
import io.quiver.query.access.Caller;

/**
 * Deliberately wrong, for {@code ArchitectureTest}: the command side reading the query
 * side and the edge.
 */
public class CommandReadingQuery {

	public String who(Caller caller) {
		return caller.subject();
	}

	public ToolResult answer() {
		return ToolResult.error("wrong");
	}

}
