package io.quiver.edge.tool;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.quiver.query.access.ControlPlaneOperation;
import org.springframework.stereotype.Component;

/**
 * Every control-plane tool, collected from the features' toolsets; start-up fails if an
 * operation of SPEC R13 has no tool or two.
 */
@Component
public class ControlPlaneTools {

	private final Map<ControlPlaneOperation, ControlPlaneTool> tools = new EnumMap<>(ControlPlaneOperation.class);

	public ControlPlaneTools(List<ControlPlaneToolset> toolsets) {
		for (ControlPlaneToolset toolset : toolsets) {
			for (ControlPlaneTool tool : toolset.tools()) {
				if (this.tools.put(tool.operation(), tool) != null) {
					throw new IllegalStateException("two tools for " + tool.operation().toolName());
				}
			}
		}
		for (ControlPlaneOperation operation : ControlPlaneOperation.values()) {
			if (!this.tools.containsKey(operation)) {
				throw new IllegalStateException("no MCP tool for " + operation.toolName());
			}
		}
	}

	public ControlPlaneTool tool(ControlPlaneOperation operation) {
		return this.tools.get(operation);
	}

}
