package io.quiver.edge.audit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.NodeFixture;
import io.quiver.support.QuiverNode;
import io.quiver.support.Rest;
import io.quiver.support.TestDatabase;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shutdown drains (SPEC R10.9) and a crash leaves no attempt missing (R10.7), with a node
 * in a process of its own on PostgreSQL. On SIGTERM with 20 slow write calls in flight at
 * the upstream, readiness goes down first, every call is answered, and after a restart
 * every answered call has its attempt and its outcome entry (the finding: the trail
 * stopped before the web server finished its requests, and an answered call's entry was
 * missing). Killed outright ({@code kill -9}) with calls in flight, their attempts read
 * {@code outcome-unknown} after the restart. The chain verifies throughout.
 */
@EnabledIfEnvironmentVariable(named = TestDatabase.POSTGRES_URL, matches = ".+")
class AuditShutdownIntegrationTest {

	private static final int IN_FLIGHT = 20;

	private static final String TOOL = "echo-drain__create_item";

	@RegisterExtension
	final NodeFixture nodes = new NodeFixture("s_");

	@Test
	void sigtermDrainsTheCallsInFlightAndTheirEntriesAndKillLeavesOutcomeUnknown() throws Exception {
		QuiverNode node = QuiverNode.start("first", this.nodes.dir().resolve("first.log"), this.nodes.settings());
		List<Rest.Response> answers;
		try {
			Rest admin = node.devAdmin();
			assertThat(admin
				.post("/api/v1/catalog",
						Map.of("id", "echo", "label", "Echo", "kind", "http", "openapi",
								this.nodes.upstream().openApi(), "allowPrivateNetwork", true))
				.status()).isEqualTo(201);
			assertThat(admin.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-drain")).status())
				.isEqualTo(201);

			Runnable release = this.nodes.upstream().hold();
			List<CompletableFuture<Rest.Response>> inFlight = send(admin, IN_FLIGHT);
			awaitReceived(IN_FLIGHT);

			node.terminate();
			Awaitility.await("readiness down on SIGTERM")
				.atMost(Duration.ofSeconds(20))
				.pollInterval(Duration.ofMillis(50))
				.until(() -> node.status("/actuator/health/readiness") != 200);
			assertThat(inFlight).as("the calls are still in flight").noneMatch(CompletableFuture::isDone);
			release.run();
			answers = new ArrayList<>();
			for (CompletableFuture<Rest.Response> call : inFlight) {
				answers.add(call.get(1, TimeUnit.MINUTES));
			}
			assertThat(node.awaitExit(Duration.ofMinutes(1))).isEqualTo(143);
		}
		finally {
			node.kill();
		}
		assertThat(answers).allSatisfy((answer) -> {
			assertThat(answer.status()).as(answer.body()).isEqualTo(200);
			assertThat(answer.json().path("result").path("isError").asBoolean()).as(answer.body()).isFalse();
		});

		QuiverNode second = QuiverNode.start("second", this.nodes.dir().resolve("second.log"), this.nodes.settings());
		try {
			Rest admin = second.devAdmin();
			List<JsonNode> entries = entries(admin, "");
			assertThat(entries).filteredOn((e) -> e.path("phase").asText().equals("attempt"))
				.as("every answered call's attempt")
				.hasSize(IN_FLIGHT)
				.allSatisfy((e) -> assertThat(e.path("settled").path("outcome").asText()).as(e.toString())
					.isEqualTo("success"));
			assertThat(entries).filteredOn((e) -> e.path("phase").asText().equals("outcome"))
				.as("and its outcome")
				.hasSize(IN_FLIGHT);
			assertVerifies(admin, 2 * IN_FLIGHT);

			Runnable release = this.nodes.upstream().hold();
			send(admin, 5);
			awaitReceived(IN_FLIGHT + 5);
			second.kill();
			release.run();
		}
		finally {
			second.kill();
		}

		QuiverNode third = QuiverNode.start("third", this.nodes.dir().resolve("third.log"), this.nodes.settings());
		try {
			Rest admin = third.devAdmin();
			assertThat(entries(admin, "&outcome=outcome-unknown")).as("the attempts the kill left without an outcome")
				.hasSize(5)
				.allSatisfy((e) -> assertThat(e.path("phase").asText()).isEqualTo("attempt"));
			assertVerifies(admin, 2 * IN_FLIGHT + 5);
		}
		finally {
			third.kill();
		}
	}

	private static List<CompletableFuture<Rest.Response>> send(Rest admin, int calls) {
		List<CompletableFuture<Rest.Response>> inFlight = new ArrayList<>();
		for (int i = 0; i < calls; i++) {
			int id = i;
			inFlight.add(CompletableFuture.supplyAsync(() -> admin.post("/mcp", Map.of("jsonrpc", "2.0", "id", id,
					"method", "tools/call", "params", Map.of("name", TOOL, "arguments", Map.of("title", "t" + id))))));
		}
		return inFlight;
	}

	private void awaitReceived(int count) {
		Awaitility.await(count + " calls at the upstream")
			.atMost(Duration.ofSeconds(60))
			.until(() -> this.nodes.upstream().received().size() >= count);
	}

	private static List<JsonNode> entries(Rest admin, String filter) {
		List<JsonNode> entries = new ArrayList<>();
		admin.get("/api/v1/audit?limit=500&tool=" + TOOL + filter).json().path("entries").forEach(entries::add);
		return entries;
	}

	private static void assertVerifies(Rest admin, long atLeast) {
		JsonNode verification = admin.get("/api/v1/audit/verify").json();
		assertThat(verification.path("ok").asBoolean()).as(verification.toString()).isTrue();
		assertThat(verification.path("entries").asLong()).isGreaterThanOrEqualTo(atLeast);
	}

}
