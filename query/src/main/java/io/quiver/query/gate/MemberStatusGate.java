package io.quiver.query.gate;

import io.quiver.query.access.Caller;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import org.springframework.stereotype.Component;

/**
 * Suspended and removed members are refused on their next request (SPEC R2.5).
 */
@Component
public class MemberStatusGate extends AbstractCallStep {

	static final String NAME = "member-status";

	public MemberStatusGate() {
		super(NAME, Extent.ENDPOINT);
	}

	@Override
	public Verdict apply(Call call) {
		return check(call.caller());
	}

	public Verdict check(Caller caller) {
		return switch (caller.status()) {
			case ACTIVE -> Verdict.allow(Gate.MEMBER_STATUS);
			case SUSPENDED -> Verdict.deny(Gate.MEMBER_STATUS, "member '" + caller.subject()
					+ "' is suspended in organisation '" + caller.orgId() + "'; an admin must reinstate you");
			case REMOVED -> Verdict.deny(Gate.MEMBER_STATUS,
					"member '" + caller.subject() + "' was removed from organisation '" + caller.orgId() + "'");
		};
	}

}
