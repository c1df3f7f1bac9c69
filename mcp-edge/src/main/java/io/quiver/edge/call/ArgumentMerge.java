package io.quiver.edge.call;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.toolindex.api.ConnectedTool;

/**
 * The arguments a connected tool call sends upstream (SPEC R4.3): {@code defaults}, then
 * the caller's arguments, then {@code frozen}, each overriding the one before. A caller's
 * argument that names a frozen key, in any spelling, has been refused by the frozen-merge
 * gate before (R7.8), so the frozen values are what the upstream receives. The
 * {@code connection} argument of a merged tool selects the account and is not sent.
 */
final class ArgumentMerge {

	private ArgumentMerge() {
	}

	static ObjectNode merge(ConnectedTool tool, ObjectNode arguments) {
		ObjectNode merged = tool.defaults().deepCopy();
		merged.setAll(arguments.deepCopy());
		if (tool.merged()) {
			merged.remove(ConnectedTool.CONNECTION_ARGUMENT);
		}
		merged.setAll(tool.frozen().deepCopy());
		return merged;
	}

}
