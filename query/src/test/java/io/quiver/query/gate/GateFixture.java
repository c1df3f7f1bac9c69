package io.quiver.query.gate;

import java.util.List;

import io.quiver.query.gate.outbound.HostResolver;
import io.quiver.query.gate.outbound.OutboundUrlGate;
import io.quiver.query.ratelimit.CallBudgets;

/**
 * The real steps of every call, without Spring, for tests of the gates and the surface.
 */
public final class GateFixture {

	private GateFixture() {
	}

	public static CallSteps steps(RestrictionGate restrictions, HostResolver hosts) {
		ArgumentGate arguments = new ArgumentGate();
		return new CallSteps(List.of(new MemberStatusGate(), new ToolExecuteGate(), new CollapseStage(arguments),
				new NameStage(), new RolePermissionGate(), new AccessGate(), new ScopeGate(), new AccountStage(),
				new GrantGate(), restrictions, arguments, new FrozenMergeGate(),
				new OutboundUrlStep(new OutboundUrlGate(hosts)), new RateLimitGate(CallBudgets.inMemory())));
	}

}
