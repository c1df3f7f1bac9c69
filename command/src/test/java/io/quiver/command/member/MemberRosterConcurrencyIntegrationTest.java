package io.quiver.command.member;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.quiver.command.LookupTableIntegrationTest;
import io.quiver.command.PostgresTestSchema;
import io.quiver.command.member.api.MemberErrorCode;
import io.quiver.command.member.api.Role;
import io.quiver.command.organization.api.OrganizationCreatedEvent;
import io.quiver.command.organization.api.OrganizationSettings;
import io.quiver.command.shared.api.CommandRejectedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

import static io.quiver.command.member.MemberEvents.ORG_ID;
import static io.quiver.command.member.MemberEvents.invited;
import static io.quiver.command.member.MemberEvents.roleChanged;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two commands demoting the two last owners of an organisation at the same time, each in
 * its own transaction on PostgreSQL. Both aggregates see another active owner when they
 * decide, so only the roster can keep one: the organisation row lock makes the second
 * change wait for the first to commit, then find no owner left and roll back.
 */
@EnabledIfEnvironmentVariable(named = PostgresTestSchema.URL_VARIABLE, matches = ".+")
@Import(MemberRoster.class)
@Transactional(propagation = Propagation.NOT_SUPPORTED)
class MemberRosterConcurrencyIntegrationTest extends LookupTableIntegrationTest {

	private static final String ALICE = "m-alice";

	private static final String BOB = "m-bob";

	/**
	 * How long a transaction that has made its change waits for the other one to make its
	 * own before committing. With the lock in place the other one is blocked on the
	 * organisation row, so this wait always runs out; without it both would change and
	 * commit, and the test would fail.
	 */
	private static final long WAIT_FOR_OTHER_CHANGE_MILLIS = 1_000;

	@Autowired
	private MemberRoster roster;

	@Autowired
	private PlatformTransactionManager transactionManager;

	@DynamicPropertySource
	static void postgres(DynamicPropertyRegistry registry) {
		PostgresTestSchema.createAndRegister(registry);
	}

	@Test
	void givenTwoActiveOwners_whenBothDemotedAtOnce_thenOneSucceedsAndTheOtherIsLastOwner() throws Exception {
		TransactionTemplate transaction = new TransactionTemplate(this.transactionManager);
		transaction.executeWithoutResult((status) -> {
			this.roster.on(new OrganizationCreatedEvent(ORG_ID, "Acme Corp", OrganizationSettings.DEFAULT));
			this.roster.on(invited(ALICE, "alice", Role.OWNER));
			this.roster.on(invited(BOB, "bob", Role.OWNER));
		});
		CountDownLatch bothDecided = new CountDownLatch(2);
		CountDownLatch bothChanged = new CountDownLatch(2);

		ExecutorService threads = Executors.newFixedThreadPool(2);
		List<Future<?>> demotions = new ArrayList<>();
		try {
			for (String memberId : List.of(ALICE, BOB)) {
				demotions.add(threads.submit(() -> transaction.executeWithoutResult((status) -> {
					// What the Member aggregate checks before it applies the event.
					assertThat(this.roster.countActiveOwnersExcept(ORG_ID, memberId)).isEqualTo(1);
					awaitQuietly(bothDecided, 10_000);
					this.roster.on(roleChanged(memberId, Role.OWNER, Role.ADMIN));
					awaitQuietly(bothChanged, WAIT_FOR_OTHER_CHANGE_MILLIS);
				})));
			}
			for (Future<?> demotion : demotions) {
				try {
					demotion.get(30, TimeUnit.SECONDS);
				}
				catch (ExecutionException ex) {
					// counted below
				}
			}
		}
		finally {
			threads.shutdownNow();
		}

		List<Throwable> failures = new ArrayList<>();
		for (Future<?> demotion : demotions) {
			try {
				demotion.get();
			}
			catch (ExecutionException ex) {
				failures.add(ex.getCause());
			}
		}
		assertThat(failures).hasSize(1);
		assertThat(failures.get(0)).isInstanceOfSatisfying(CommandRejectedException.class,
				(refusal) -> assertThat(refusal.errorCode()).isEqualTo(MemberErrorCode.LAST_OWNER));
		assertThat(this.jdbc.queryForList(
				"SELECT member_id FROM member_roster WHERE org_id = ? AND role = 'OWNER' AND active", String.class,
				ORG_ID))
			.hasSize(1);
	}

	/** Counts this thread in, then waits at most {@code millis} for the other one. */
	private static void awaitQuietly(CountDownLatch latch, long millis) {
		latch.countDown();
		try {
			latch.await(millis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
