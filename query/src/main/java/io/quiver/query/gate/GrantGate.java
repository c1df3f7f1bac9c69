package io.quiver.query.gate;

import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.PolicySnapshot;
import org.springframework.stereotype.Component;

/**
 * The connection a call would use must have a live grant, or never have needed one (SPEC
 * R9): a revoked grant is refused until its owner stores a new credential, an OAuth
 * connection until it is authorized, or reauthorized after a refresh failed (R4.5).
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
		if (connection.authorization() == ConnectionView.Authorization.PENDING) {
			return Verdict.deny(Gate.GRANT, "connection '" + connection.label()
					+ "' is waiting for its owner to authorize it at the provider: open the authorizationUrl that "
					+ "quiver__connections__create answered, or get a new one with quiver__connections__refresh "
					+ "{\"connection\": \"" + connection.label()
					+ "\"} (or Connect on the console's Connections page)");
		}
		if (connection.authorization() == ConnectionView.Authorization.REAUTHORIZATION_NEEDED) {
			return Verdict.deny(Gate.GRANT, "the OAuth authorization of connection '" + connection.label()
					+ "' expired or was revoked at the provider and could not be refreshed; its owner must reconnect "
					+ "it: quiver__connections__refresh {\"connection\": \"" + connection.label()
					+ "\"} answers an authorizationUrl to open (or Reconnect on the console's Connections page)");
		}
		return Verdict.allow(Gate.GRANT);
	}

}
