package io.quiver.query.gate;

import java.time.Duration;

import io.quiver.command.organization.api.OrganizationSettings;
import io.quiver.query.access.Caller;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.RateLimitedException;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.ratelimit.CallBudgets;
import io.quiver.query.toolindex.api.PolicySnapshot;
import org.springframework.stereotype.Component;

/**
 * The organisation's rate limits (SPEC R15.2): a member's calls per minute
 * ({@code callsPerMinutePerMember}), and the calls that reach one connection per minute
 * ({@code callsPerMinutePerConnection}), all nodes together. A call over either budget is
 * denied with the time until the budget has room again; 0 is no limit.
 */
@Component
public class RateLimitGate extends AbstractCallStep {

	static final String NAME = "rate-limit";

	private final CallBudgets budgets;

	public RateLimitGate(CallBudgets budgets) {
		super(NAME, Extent.CALL);
		this.budgets = budgets;
	}

	/**
	 * The last step of a call that every other step allowed: a connected call takes from
	 * its connection's budget too. A call step, never run for the surface: looking costs
	 * no budget.
	 */
	@Override
	public Verdict apply(Call call) {
		return check(call.policy(), call.caller(), (call.tool() != null) ? call.connectionId() : null);
	}

	/**
	 * Takes the call from the member's budget and, for a connected tool, from the
	 * connection's.
	 * @param connectionId the connection the call goes to, or null (control plane,
	 * search)
	 */
	public Verdict check(PolicySnapshot policy, Caller caller, String connectionId) {
		OrganizationSettings settings = policy.settings();
		Duration wait = memberWait(settings, caller);
		if (!wait.isZero()) {
			return deny(memberOver(settings), wait);
		}
		int perConnection = settings.callsPerMinutePerConnection();
		if (connectionId != null && perConnection > 0) {
			wait = this.budgets.take("connection:" + caller.orgId() + ":" + connectionId, perConnection);
			if (!wait.isZero()) {
				return deny("this connection has had " + perConnection + " calls this minute, your organisation's "
						+ "callsPerMinutePerConnection", wait);
			}
		}
		return Verdict.allow(Gate.RATE_LIMIT);
	}

	/**
	 * Takes one REST request from the member's budget, which it shares with the member's
	 * tool calls.
	 * @throws RateLimitedException when the member is over budget (HTTP 429)
	 */
	public void requireWithin(PolicySnapshot policy, Caller caller) {
		Duration wait = memberWait(policy.settings(), caller);
		if (!wait.isZero()) {
			throw new RateLimitedException(memberOver(policy.settings()) + "; try again later", wait);
		}
	}

	private Duration memberWait(OrganizationSettings settings, Caller caller) {
		int perMember = settings.callsPerMinutePerMember();
		return (perMember > 0) ? this.budgets.take("member:" + caller.orgId() + ":" + caller.memberId(), perMember)
				: Duration.ZERO;
	}

	private static String memberOver(OrganizationSettings settings) {
		return "you have made " + settings.callsPerMinutePerMember()
				+ " calls this minute, your organisation's callsPerMinutePerMember";
	}

	private static Verdict deny(String what, Duration wait) {
		long seconds = new RateLimitedException(what, wait).retryAfterSeconds();
		return Verdict.deny(Gate.RATE_LIMIT,
				what + "; nothing was called. Try again in " + seconds + " s (retryAfterSeconds=" + seconds + ").");
	}

}
