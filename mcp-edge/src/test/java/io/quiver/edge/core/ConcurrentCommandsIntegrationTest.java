package io.quiver.edge.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import javax.sql.DataSource;

import io.quiver.support.EventStore;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import io.quiver.support.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two conflicting commands sent at the same instant through the REST API, on PostgreSQL,
 * round after round: exactly one wins (201), the other gets a clear 409 problem with the
 * conflict's code, and the event store holds exactly one event for the contested name.
 * The command-side lookup tables' unique constraints settle the race inside the
 * transaction that stores the event.
 */
@EnabledIfEnvironmentVariable(named = TestDatabase.POSTGRES_URL, matches = ".+")
class ConcurrentCommandsIntegrationTest extends QuiverIntegrationTest {

	private static final int ROUNDS = 25;

	@Autowired
	DataSource dataSource;

	private ExecutorService racers;

	private EventStore events;

	private String org;

	@BeforeEach
	void organisation() {
		this.racers = Executors.newFixedThreadPool(2);
		this.events = new EventStore(this.dataSource);
		this.org = this.organizations.create("race");
	}

	@AfterEach
	void stop() {
		this.racers.shutdownNow();
	}

	@Test
	void theSameConnectionLabelCreatedTwiceAtOnceHasOneWinner() throws Exception {
		Rest owner = rest(this.org, "owner");
		for (int round = 0; round < ROUNDS; round++) {
			String label = "race-" + round;
			Map<String, Object> body = Map.of("connector", "notion", "label", label, "credential",
					Map.of("type", "bearer", "token", "secret-" + round));
			long before = this.events.count();
			List<Rest.Response> answers = race(() -> owner.post("/api/v1/connections", body));

			Rest.Response lost = oneWinnerOneLoser(answers, "connection.label-taken");
			assertThat(lost.json().path("detail").asText()).contains(label);
			assertThat(this.events.payloads("ConnectionCreatedEvent", "\"label\":\"" + label + "\"")).hasSize(1);
			long written = this.events.count() - before;
			assertThat(written).as("events of one connection created").isEqualTo(eventsOfOneConnection(owner, round));
		}
		assertThat(owner.get("/api/v1/connections").json()).hasSize(ROUNDS * 2);
	}

	@Test
	void theSameSubjectInvitedTwiceAtOnceHasOneWinner() throws Exception {
		Rest owner = rest(this.org, "owner");
		for (int round = 0; round < ROUNDS; round++) {
			String subject = "racer-" + round;
			long before = this.events.count();
			List<Rest.Response> answers = race(
					() -> owner.post("/api/v1/members", Map.of("subject", subject, "role", "MEMBER")));

			Rest.Response lost = oneWinnerOneLoser(answers, "member.subject-taken");
			assertThat(lost.json().path("detail").asText()).contains(subject);
			assertThat(this.events.payloads("MemberInvitedEvent", "\"subject\":\"" + subject + "\"")).hasSize(1);
			assertThat(this.events.count() - before).as("exactly one event").isEqualTo(1);
		}
		assertThat(owner.get("/api/v1/members").json()).hasSize(ROUNDS + 1);
	}

	/**
	 * The events a lone, uncontested connection creation writes (the creation and the
	 * stored grant): a raced round must write no more.
	 */
	private long eventsOfOneConnection(Rest owner, int round) {
		long before = this.events.count();
		assertThat(owner.post("/api/v1/connections", Map.of("connector", "notion", "label", "alone-" + round,
				"credential", Map.of("type", "bearer", "token", "secret-alone")))
			.status()).isEqualTo(201);
		return this.events.count() - before;
	}

	private List<Rest.Response> race(Supplier<Rest.Response> request) throws Exception {
		CountDownLatch ready = new CountDownLatch(2);
		CountDownLatch go = new CountDownLatch(1);
		List<Future<Rest.Response>> futures = new ArrayList<>();
		for (int i = 0; i < 2; i++) {
			futures.add(this.racers.submit(() -> {
				ready.countDown();
				go.await();
				return request.get();
			}));
		}
		ready.await();
		go.countDown();
		List<Rest.Response> answers = new ArrayList<>();
		for (Future<Rest.Response> future : futures) {
			answers.add(future.get(60, TimeUnit.SECONDS));
		}
		return answers;
	}

	private static Rest.Response oneWinnerOneLoser(List<Rest.Response> answers, String code) {
		List<Integer> statuses = answers.stream().map(Rest.Response::status).sorted().toList();
		assertThat(statuses).as(answers.toString()).containsExactly(201, 409);
		Rest.Response lost = answers.stream().filter((answer) -> answer.status() == 409).findFirst().orElseThrow();
		assertThat(lost.json().path("code").asText()).as(lost.body()).isEqualTo(code);
		assertThat(lost.header("Content-Type")).startsWith("application/problem+json");
		return lost;
	}

}
