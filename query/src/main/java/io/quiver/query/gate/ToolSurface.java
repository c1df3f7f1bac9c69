package io.quiver.query.gate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.search.api.CodePoints;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.ConnectedTools;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.ToolboxView;
import org.springframework.stereotype.Component;

/**
 * Decides what a caller sees and whether a connected tool is reachable, with the same
 * gates in the same order for advertising, counting, searching and executing (SPEC R3.4,
 * R7.1, R8.8): a tool that is listed can be called, and a tool that cannot be called is
 * not listed, counted or found.
 */
@Component
public class ToolSurface {

	private final CallSteps steps;

	public ToolSurface(CallSteps steps) {
		this.steps = steps;
	}

	/**
	 * The caller's surface: empty without an active membership and {@code tool:execute}
	 * (R2.3). Computed once per state of the organisation and caller: it is a function of
	 * the two alone (every gate it runs reads only them), and every {@code tools/list},
	 * {@code search_tools} and {@code execute_tool} asks for it, while the state changes
	 * far less often; the next event forgets it ({@link PolicySnapshot#derived}).
	 */
	public CallerSurface of(PolicySnapshot policy, Caller caller) {
		return policy.derived(new SurfaceOf(this, caller), () -> compute(policy, caller));
	}

	private CallerSurface compute(PolicySnapshot policy, Caller caller) {
		int threshold = policy.settings().collapseThreshold();
		if (endpointVerdict(caller).denied()) {
			return CallerSurface.empty(threshold);
		}
		List<ControlPlaneOperation> controlPlane = new ArrayList<>();
		for (ControlPlaneOperation operation : ControlPlaneOperation.values()) {
			if (controlPlaneVerdict(caller, operation).allowed()) {
				controlPlane.add(operation);
			}
		}
		controlPlane.sort(Comparator.comparing(ControlPlaneOperation::toolName, CodePoints.ORDER));
		List<ConnectedTool> connected = new ArrayList<>();
		BitSet visible = new BitSet();
		for (ConnectedTool candidate : candidates(policy, caller)) {
			Reach reach = reach(policy, caller, candidate);
			if (reach.verdict().allowed()) {
				connected.add(reach.tool());
				int ordinal = policy.searchIndex().ordinal(candidate.key());
				if (ordinal >= 0) {
					visible.set(ordinal);
				}
			}
		}
		connected.sort(Comparator.comparing(ConnectedTool::name, CodePoints.ORDER));
		int count = controlPlane.size() + connected.size();
		return new CallerSurface(List.copyOf(controlPlane), List.copyOf(connected), count, threshold,
				count > threshold && !connected.isEmpty(), visible);
	}

	/**
	 * Whether the caller reaches the MCP endpoint at all: the endpoint steps, an active
	 * member (R2.5) whose role holds {@code tool:execute} (R2.3).
	 */
	public Verdict endpointVerdict(Caller caller) {
		return decide(Call.probe(null, caller, this.steps), CallStep.Extent.ENDPOINT);
	}

	/**
	 * The tool steps for a control-plane operation: role permission, then scope (R7.1).
	 */
	public Verdict controlPlaneVerdict(Caller caller, ControlPlaneOperation operation) {
		return decide(Call.probe(null, caller, this.steps).forOperation(operation), CallStep.Extent.TOOL);
	}

	/**
	 * The tool steps (access, scope), then the connection steps on each connection
	 * (grant, restriction), in R7.1 order: the tool narrowed to the connections the
	 * caller may reach, or the first denial.
	 */
	public Reach reach(PolicySnapshot policy, Caller caller, ConnectedTool tool) {
		Call probe = Call.probe(policy, caller, this.steps).forTool(tool);
		Verdict verdict = decide(probe, CallStep.Extent.TOOL);
		return verdict.denied() ? new Reach(tool, verdict) : probe.reach();
	}

	private Verdict decide(Call probe, CallStep.Extent extent) {
		Verdict verdict = null;
		for (CallStep step : this.steps.of(extent)) {
			verdict = step.apply(probe);
			if (verdict.denied()) {
				return verdict;
			}
		}
		return verdict;
	}

	private static List<ConnectedTool> candidates(PolicySnapshot policy, Caller caller) {
		List<ConnectedTool> candidates = new ArrayList<>();
		for (ConnectionView connection : policy.connections()) {
			if (caller.memberId().equals(connection.ownerMemberId())) {
				candidates.addAll(policy.accountTools(connection.connectionId()));
			}
		}
		for (ToolboxView toolbox : policy.toolboxes()) {
			if (caller.isTargetedBy(toolbox.grants())) {
				toolbox.entries().forEach((entry) -> {
					ConnectedTool tool = policy.tool(ConnectedTools.entryKey(toolbox.toolboxId(), entry.entryId()));
					if (tool != null) {
						candidates.add(tool);
					}
				});
			}
		}
		return candidates;
	}

	/** The key of a caller's surface as these gates decide it. */
	private record SurfaceOf(ToolSurface gates, Caller caller) {
	}

	/**
	 * Whether a connected tool is reachable, and as which (narrowed) tool.
	 *
	 * @param tool the tool narrowed to the reachable connections when allowed
	 * @param verdict allow, or the first denial
	 */
	public record Reach(ConnectedTool tool, Verdict verdict) {
	}

}
