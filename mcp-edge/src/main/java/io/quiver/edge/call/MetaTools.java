package io.quiver.edge.call;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.edge.tool.ToolSchema;
import io.quiver.query.gate.api.MetaToolNames;

/**
 * The two meta-tools of a collapsed surface (SPEC R5.3–R5.5): their names, descriptions a
 * model can act on, and schemas.
 */
public final class MetaTools {

	public static final String SEARCH_TOOLS = MetaToolNames.SEARCH_TOOLS;

	public static final String EXECUTE_TOOL = MetaToolNames.EXECUTE_TOOL;

	public static final String SEARCH_DESCRIPTION = "Find connected (third-party) tools by what you want to do or "
			+ "by name. Your organisation's connected apps offer more tools than are listed here. Query with the "
			+ "action and the object in a few words, and the app's name when you know it (e.g. 'create github "
			+ "issue', 'list pagerduty incidents', 'notion-legal search pages'), or with an exact tool name; leave "
			+ "out argument values such as ids, names, dates and amounts (they go to the tool, not the search). "
			+ "Then call one with execute_tool (or directly by its name). Returns at most `limit` tools with name, "
			+ "description, input schema and accounts. This searches connected tools only: it never returns "
			+ "Quiver's own control-plane tools (quiver__…), which are listed directly. An empty result is a real "
			+ "answer: no reachable tool matches. It says why (the words that matched nothing or were set aside, "
			+ "an application or account that is not connected, the nearest tool names): rephrase with the tool's "
			+ "words or connect the application rather than repeating the query. Do not call a tool the search "
			+ "did not return.";

	public static final String EXECUTE_DESCRIPTION = "Call a connected tool found with search_tools, by its exact "
			+ "name, with its arguments (an object matching the tool's input schema). It is only a naming "
			+ "indirection: the same checks apply as when calling the tool directly, and the result is the tool's "
			+ "own. For a tool backed by several accounts, pass the `connection` argument the search result showed.";

	private MetaTools() {
	}

	public static boolean isMetaTool(String name) {
		return MetaToolNames.isMetaTool(name);
	}

	/** The input schema of a meta-tool. */
	public static ObjectNode schema(String name) {
		return SEARCH_TOOLS.equals(name) ? searchSchema() : executeSchema();
	}

	public static ObjectNode searchSchema() {
		return ToolSchema.object()
			.text("query",
					"The action and the object, with the app's name when known (e.g. 'list open github pull "
							+ "requests'), or a tool name; no argument values.",
					1000, true)
			.integer("limit", "At most this many tools (default 10, at most 50).", 1, 50, false)
			.build();
	}

	public static ObjectNode executeSchema() {
		return ToolSchema.object()
			.string("name", "The exact name of the tool to call, as search_tools returned it.", true)
			.freeObject("arguments", "The tool's arguments, matching its input schema.", false)
			.build();
	}

}
