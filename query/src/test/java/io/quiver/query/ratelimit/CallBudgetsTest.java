package io.quiver.query.ratelimit;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node's copies of the buckets are dropped once idle, and dropping one changes no
 * answer (SPEC R15.2): after the idle time the budget is whole again, as it would have
 * been.
 */
class CallBudgetsTest {

	private final AtomicLong nanos = new AtomicLong();

	private final CallBudgets budgets = CallBudgets.inMemory(this.nanos::get);

	@Test
	void givenBucketsOfManyMembers_whenTheyFallIdle_thenTheNodeDropsThem() {
		for (int i = 0; i < 1_000; i++) {
			this.budgets.take("member-" + i, 10);
		}
		assertThat(this.budgets.held()).isEqualTo(1_000);

		this.nanos.addAndGet(CallBudgets.IDLE.minusSeconds(1).toNanos());
		this.budgets.take("member-0", 10);
		this.nanos.addAndGet(Duration.ofSeconds(2).toNanos());

		assertThat(this.budgets.held()).as("only the bucket still in use is kept").isEqualTo(1);
	}

	@Test
	void givenAnExhaustedBudget_whenItIsKeptOrDropped_thenTheAnswerIsTheSame() {
		for (int i = 0; i < 3; i++) {
			assertThat(this.budgets.take("ada", 3)).isZero();
		}
		assertThat(this.budgets.take("ada", 3)).as("spent within the minute").isPositive();

		this.nanos.addAndGet(CallBudgets.IDLE.plusSeconds(1).toNanos());

		assertThat(this.budgets.held()).isZero();
		for (int i = 0; i < 3; i++) {
			assertThat(this.budgets.take("ada", 3)).as("whole again, as a kept bucket would be").isZero();
		}
		assertThat(this.budgets.take("ada", 3)).isPositive();
	}

}
