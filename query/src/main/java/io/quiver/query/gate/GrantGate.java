package io.quiver.query.gate;

import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.PolicySnapshot;
import org.springframework.stereotype.Component;

/**
 * The connection a call would use must have a live grant, or never have needed one (SPEC
 * R9): a revoked grant is refused until its owner stores a new credential.
 */
@Component
public class GrantGate extends AbstractCallStep {

	static final String NAME = "grant";

	public GrantGate() {
		super(NAME, Extent.CONNECTION);
	}

	@Override
	public Verdict apply(Call call, String connectionId) {
		return check(call.policy(), connectionId);
	}

	public Verdict check(PolicySnapshot policy, String connectionId) {
		ConnectionView connection = policy.connection(connectionId);
		if (connection == null) {
			return Verdict.deny(Gate.GRANT, "the connection was deleted");
		}
		if (connection.grantRevoked()) {
			return Verdict.deny(Gate.GRANT, "the grant of connection '" + connection.label()
					+ "' was revoked; its owner must store a new credential (quiver__connections__refresh with a credential)");
		}
		return Verdict.allow(Gate.GRANT);
	}

}
