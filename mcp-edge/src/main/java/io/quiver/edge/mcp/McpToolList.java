package io.quiver.edge.mcp;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.Classification;
import io.quiver.edge.call.MetaTools;
import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneTools;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.gate.CallerSurface;
import io.quiver.query.toolindex.api.ConnectedTool;
import org.springframework.stereotype.Component;

/**
 * Renders a caller's surface as MCP tool definitions (SPEC R5.3, R5.6): every visible
 * control-plane operation, then either the two meta-tools (collapsed) or every visible
 * connected tool. The order is fixed, so the same state and caller give the same bytes.
 */
@Component
public class McpToolList {

	private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

	private final Map<ControlPlaneOperation, ObjectNode> controlPlane = new EnumMap<>(ControlPlaneOperation.class);

	private final ObjectNode searchTools;

	private final ObjectNode executeTool;

	public McpToolList(ControlPlaneTools tools) {
		for (ControlPlaneOperation operation : ControlPlaneOperation.values()) {
			ControlPlaneTool tool = tools.tool(operation);
			this.controlPlane.put(operation, definition(operation.toolName(), tool.title(), tool.description(),
					tool.inputSchema(), operation.classification(), false));
		}
		this.searchTools = definition(MetaTools.SEARCH_TOOLS, "Search connected tools", MetaTools.SEARCH_DESCRIPTION,
				MetaTools.searchSchema(), Classification.READ, false);
		this.executeTool = definition(MetaTools.EXECUTE_TOOL, "Execute a connected tool", MetaTools.EXECUTE_DESCRIPTION,
				MetaTools.executeSchema(), Classification.DESTRUCTIVE, true);
	}

	/** The caller's tool definitions, in advertised order. */
	public List<ObjectNode> definitions(CallerSurface surface) {
		List<ObjectNode> definitions = new ArrayList<>(surface.count() + 2);
		surface.controlPlane().forEach((operation) -> definitions.add(this.controlPlane.get(operation)));
		if (surface.collapsed()) {
			definitions.add(this.searchTools);
			definitions.add(this.executeTool);
		}
		else {
			surface.connected().forEach((tool) -> definitions.add(connected(tool)));
		}
		return definitions;
	}

	static ObjectNode connected(ConnectedTool tool) {
		ObjectNode definition = definition(tool.name(), tool.operation().title(), tool.description(),
				tool.inputSchema(), tool.classification(), true);
		if (tool.operation().outputSchema() != null) {
			// what the upstream promised its structuredContent looks like (R12.7)
			definition.set("outputSchema", tool.operation().outputSchema());
		}
		return definition;
	}

	private static ObjectNode definition(String name, String title, String description, JsonNode inputSchema,
			Classification classification, boolean openWorld) {
		ObjectNode tool = JSON.objectNode();
		tool.put("name", name);
		if (title != null && !title.isBlank()) {
			tool.put("title", title);
		}
		tool.put("description", (description != null) ? description : "");
		tool.set("inputSchema", inputSchema);
		ObjectNode annotations = tool.putObject("annotations");
		if (title != null && !title.isBlank()) {
			annotations.put("title", title);
		}
		annotations.put("readOnlyHint", classification == Classification.READ);
		annotations.put("destructiveHint", classification == Classification.DESTRUCTIVE);
		annotations.put("openWorldHint", openWorld);
		return tool;
	}

}
