package io.quiver.query.gate.api;

/**
 * The names of the two meta-tools of a collapsed surface (SPEC R5.3–R5.5).
 */
public final class MetaToolNames {

	public static final String SEARCH_TOOLS = "search_tools";

	public static final String EXECUTE_TOOL = "execute_tool";

	private MetaToolNames() {
	}

	public static boolean isMetaTool(String name) {
		return SEARCH_TOOLS.equals(name) || EXECUTE_TOOL.equals(name);
	}

}
