package io.quiver.edge.archsample;

import java.util.List;

import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneToolset;
import io.quiver.query.toolindex.api.PolicyStore;

/**
 * Deliberately wrong, for {@code ArchitectureTest}: an MCP tool class reading the policy
 * state itself instead of calling its feature's application service.
 */
public class ToolsetReadingPolicy implements ControlPlaneToolset {

	private final PolicyStore policies;

	public ToolsetReadingPolicy(PolicyStore policies) {
		this.policies = policies;
	}

	@Override
	public List<ControlPlaneTool> tools() {
		this.policies.open("org").close();
		return List.of();
	}

}
