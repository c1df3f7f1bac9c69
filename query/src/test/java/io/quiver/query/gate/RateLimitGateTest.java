package io.quiver.query.gate;

import io.quiver.command.member.api.Role;
import io.quiver.query.access.Caller;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.RateLimitedException;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.ratelimit.CallBudgets;
import io.quiver.query.toolindex.PolicyFixture;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The rate limits on the embedded default, where the budgets are this process's own (SPEC
 * R15.2): a member's calls and a connection's calls per minute, denied with the time to
 * wait, 0 meaning no limit, and REST requests spending the member's budget.
 */
class RateLimitGateTest {

	private final RateLimitGate gate = new RateLimitGate(CallBudgets.inMemory());

	@Test
	void givenAMemberLimit_whenTheMemberCallsPastIt_thenDeniedWithTheWaitAndOthersUnaffected() {
		PolicyFixture policy = adaAndBob(3, 0);
		Caller ada = policy.caller("ada", PolicyFixture.allScopes());

		for (int i = 0; i < 3; i++) {
			assertThat(this.gate.check(policy.snapshot(), ada, null).allowed()).as("call %d", i).isTrue();
		}
		Verdict fourth = this.gate.check(policy.snapshot(), ada, null);

		assertThat(fourth.denied()).isTrue();
		assertThat(fourth.gate()).isEqualTo(Gate.RATE_LIMIT);
		assertThat(fourth.reason()).contains("callsPerMinutePerMember").containsPattern("Try again in \\d+ s");
		assertThat(this.gate.check(policy.snapshot(), policy.caller("bob", PolicyFixture.allScopes()), null).allowed())
			.as("another member's budget is their own")
			.isTrue();
		assertThatExceptionOfType(RateLimitedException.class)
			.isThrownBy(() -> this.gate.requireWithin(policy.snapshot(), ada))
			.satisfies((ex) -> assertThat(ex.retryAfterSeconds()).isPositive());
	}

	@Test
	void givenAConnectionLimit_whenTwoMembersCallThroughIt_thenTheyShareItsBudget() {
		PolicyFixture policy = adaAndBob(0, 2);
		Caller ada = policy.caller("ada", PolicyFixture.allScopes());
		Caller bob = policy.caller("bob", PolicyFixture.allScopes());

		assertThat(this.gate.check(policy.snapshot(), ada, "c-1").allowed()).isTrue();
		assertThat(this.gate.check(policy.snapshot(), bob, "c-1").allowed()).isTrue();

		assertThat(this.gate.check(policy.snapshot(), bob, "c-1").reason()).contains("callsPerMinutePerConnection");
		assertThat(this.gate.check(policy.snapshot(), bob, "c-2").allowed()).as("another connection").isTrue();
		assertThat(this.gate.check(policy.snapshot(), bob, null).allowed()).as("no connection: the control plane")
			.isTrue();
	}

	@Test
	void givenNoLimits_whenCallingOften_thenNeverDenied() {
		PolicyFixture policy = new PolicyFixture().member("ada", Role.MEMBER);
		Caller ada = policy.caller("ada", PolicyFixture.allScopes());

		for (int i = 0; i < 1_000; i++) {
			assertThat(this.gate.check(policy.snapshot(), ada, "c-1").allowed()).isTrue();
		}
	}

	/**
	 * Two members of one organisation whose rate limits are {@code perMember} and
	 * {@code perConnection}.
	 */
	private static PolicyFixture adaAndBob(int perMember, int perConnection) {
		return new PolicyFixture().member("ada", Role.MEMBER)
			.member("bob", Role.MEMBER)
			.rateLimits(perMember, perConnection);
	}

}
