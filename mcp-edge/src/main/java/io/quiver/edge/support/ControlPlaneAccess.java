package io.quiver.edge.support;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.access.Permission;
import io.quiver.query.gate.MemberStatusGate;
import io.quiver.query.gate.ToolSurface;
import io.quiver.query.gate.api.Verdict;
import org.springframework.stereotype.Component;

/**
 * The one check every application service makes before a control-plane operation,
 * whichever edge it came through (SPEC R13: one set of checks): an active member, the
 * operation's permission in the role, and the scope ladder for its classification. The
 * MCP pipeline runs the same {@link ToolSurface#controlPlaneVerdict} gate, so the two
 * edges cannot disagree.
 */
@Component
public class ControlPlaneAccess {

	private final MemberStatusGate memberStatusGate;

	private final ToolSurface surface;

	public ControlPlaneAccess(MemberStatusGate memberStatusGate, ToolSurface surface) {
		this.memberStatusGate = memberStatusGate;
		this.surface = surface;
	}

	/** Refuses with {@code permission-denied} unless the caller may run the operation. */
	public void require(Caller caller, ControlPlaneOperation operation) {
		Verdict verdict = this.memberStatusGate.check(caller);
		if (verdict.allowed()) {
			verdict = this.surface.controlPlaneVerdict(caller, operation);
		}
		if (verdict.denied()) {
			throw new CommandRejectedException(CommonErrorCode.PERMISSION_DENIED, verdict.reason());
		}
	}

	/** Refuses with {@code permission-denied} unless the caller holds the permission. */
	public void require(Caller caller, Permission permission, String why) {
		if (!caller.holds(permission)) {
			throw new CommandRejectedException(CommonErrorCode.PERMISSION_DENIED,
					"your role " + caller.role() + " does not hold " + permission.wireName() + ", which " + why);
		}
	}

}
