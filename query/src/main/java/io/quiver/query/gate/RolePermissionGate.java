package io.quiver.query.gate;

import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import org.springframework.stereotype.Component;

/**
 * A control-plane operation needs one of its permissions in the caller's role (SPEC
 * R2.4).
 */
@Component
public class RolePermissionGate extends AbstractCallStep {

	static final String NAME = "role-permission";

	public RolePermissionGate() {
		super(NAME, Extent.TOOL);
	}

	@Override
	public Verdict apply(Call call) {
		return (call.operation() != null) ? check(call.caller(), call.operation())
				: Verdict.allow(Gate.ROLE_PERMISSION);
	}

	public Verdict check(Caller caller, ControlPlaneOperation operation) {
		if (caller.holdsAny(operation.permissions())) {
			return Verdict.allow(Gate.ROLE_PERMISSION);
		}
		return Verdict.deny(Gate.ROLE_PERMISSION, "your role " + caller.role() + " does not hold "
				+ operation.permissionNames() + ", which " + operation.toolName() + " needs");
	}

}
