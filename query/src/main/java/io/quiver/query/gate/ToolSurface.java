package io.quiver.query.gate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

import io.quiver.command.member.api.Target;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.gate.api.Gate;
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

	private final MemberStatusGate memberStatusGate;

	private final ToolExecuteGate toolExecuteGate;

	private final RolePermissionGate rolePermissionGate;

	private final AccessGate accessGate;

	private final ScopeGate scopeGate;

	private final RestrictionGate restrictionGate;

	public ToolSurface(MemberStatusGate memberStatusGate, ToolExecuteGate toolExecuteGate,
			RolePermissionGate rolePermissionGate, AccessGate accessGate, ScopeGate scopeGate,
			RestrictionGate restrictionGate) {
		this.memberStatusGate = memberStatusGate;
		this.toolExecuteGate = toolExecuteGate;
		this.rolePermissionGate = rolePermissionGate;
		this.accessGate = accessGate;
		this.scopeGate = scopeGate;
		this.restrictionGate = restrictionGate;
	}

	/**
	 * The caller's surface: empty without an active membership and {@code tool:execute}
	 * (R2.3).
	 */
	public CallerSurface of(PolicySnapshot policy, Caller caller) {
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
	 * Whether the caller reaches the MCP endpoint at all: an active member (R2.5) whose
	 * role holds {@code tool:execute} (R2.3).
	 */
	public Verdict endpointVerdict(Caller caller) {
		Verdict verdict = this.memberStatusGate.check(caller);
		return verdict.denied() ? verdict : this.toolExecuteGate.check(caller);
	}

	/** Role permission, then scope ladder, for a control-plane operation (R7.1). */
	public Verdict controlPlaneVerdict(Caller caller, ControlPlaneOperation operation) {
		Verdict verdict = this.rolePermissionGate.check(caller, operation);
		if (verdict.denied()) {
			return verdict;
		}
		return this.scopeGate.check(caller, operation.classification(), false, operation.toolName());
	}

	/**
	 * Access, scope, then per connection grant and restriction (R7.1): the tool narrowed
	 * to the connections the caller may reach, or the first denial.
	 */
	public Reach reach(PolicySnapshot policy, Caller caller, ConnectedTool tool) {
		Verdict verdict = this.accessGate.check(policy, caller, tool);
		if (verdict.denied()) {
			return new Reach(tool, verdict);
		}
		verdict = this.scopeGate.check(caller, tool.classification(), true, tool.name());
		if (verdict.denied()) {
			return new Reach(tool, verdict);
		}
		List<String> reachable = new ArrayList<>();
		Verdict firstDenial = null;
		for (String connectionId : tool.connectionIds()) {
			Verdict perConnection = connectionVerdict(policy, caller, tool, connectionId);
			if (perConnection.allowed()) {
				reachable.add(connectionId);
			}
			else if (firstDenial == null) {
				firstDenial = perConnection;
			}
		}
		if (reachable.isEmpty()) {
			return new Reach(tool, firstDenial);
		}
		return new Reach(ConnectedTools.narrowedTo(tool, reachable), Verdict.allow(Gate.RESTRICTION));
	}

	/** Grant, then restriction, for one connection of a connected tool. */
	public Verdict connectionVerdict(PolicySnapshot policy, Caller caller, ConnectedTool tool, String connectionId) {
		Verdict verdict = this.accessGate.checkGrant(policy, connectionId);
		if (verdict.denied()) {
			return verdict;
		}
		return this.restrictionGate.decide(policy, caller, tool, connectionId).verdict();
	}

	private static List<ConnectedTool> candidates(PolicySnapshot policy, Caller caller) {
		List<ConnectedTool> candidates = new ArrayList<>();
		for (ConnectionView connection : policy.connections()) {
			if (caller.memberId().equals(connection.ownerMemberId())) {
				candidates.addAll(policy.accountTools(connection.connectionId()));
			}
		}
		Target role = Target.role(caller.role());
		Target user = Target.user(caller.subject());
		for (ToolboxView toolbox : policy.toolboxes()) {
			if (toolbox.grants().contains(role) || toolbox.grants().contains(user)) {
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

	/**
	 * Whether a connected tool is reachable, and as which (narrowed) tool.
	 *
	 * @param tool the tool narrowed to the reachable connections when allowed
	 * @param verdict allow, or the first denial
	 */
	public record Reach(ConnectedTool tool, Verdict verdict) {
	}

}
