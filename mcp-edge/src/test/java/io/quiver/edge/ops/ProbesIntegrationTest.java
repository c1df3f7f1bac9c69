package io.quiver.edge.ops;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.support.NodeFixture;
import io.quiver.support.QuiverNode;
import io.quiver.support.Rest;
import io.quiver.support.TestDatabase;
import org.awaitility.Awaitility;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The liveness and readiness probes of a node in a process of its own, on PostgreSQL, as
 * an orchestrator sees them (SPEC R15.3): while the node catches up with the event store
 * at start (held there by a lock on the event table, in a schema already migrated)
 * readiness is down; serving, both are up; on SIGTERM, with a call in flight, readiness
 * goes down before the call is answered, the call still gets its answer, and the process
 * ends. The node logs JSON ({@code logging.structured.format.console=ecs}), every line.
 */
@EnabledIfEnvironmentVariable(named = TestDatabase.POSTGRES_URL, matches = ".+")
class ProbesIntegrationTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	@RegisterExtension
	final NodeFixture nodes = new NodeFixture("p_");

	@BeforeEach
	void logJson() {
		this.nodes.settings().put("logging.structured.format.console", "ecs");
	}

	@Test
	void probesAnswerAsTheNodeStartsServesAndDrains() throws Exception {
		migrate();
		Path log = this.nodes.dir().resolve("node.log");
		QuiverNode node;
		try (Connection lock = DriverManager.getConnection(this.nodes.schema().url())) {
			lock.setAutoCommit(false);
			try (Statement statement = lock.createStatement()) {
				statement.execute("LOCK TABLE domainevententry IN ACCESS EXCLUSIVE MODE");
			}
			node = QuiverNode.launch("node", log, this.nodes.settings(), List.of("-Xmx384m"));

			whileCatchingUpReadinessIsDown(node, log);
			lock.rollback();
		}
		try {
			node.awaitHealthy(log.toFile());
			servingBothAreUp(node);
			connectAnEchoTool(node.devAdmin());
			onSigtermReadinessGoesDownAndTheCallInFlightIsAnswered(node);
			assertThat(node.awaitExit(Duration.ofMinutes(1))).isEqualTo(143);
		}
		finally {
			node.kill();
		}
		everyLineIsJson(log);
	}

	/**
	 * The schema as the node's own Flyway leaves it (the locations of
	 * {@code application.yml}), so that the only thing the lock holds up is the catch-up.
	 */
	private void migrate() {
		Flyway.configure()
			.dataSource(this.nodes.schema().url(), null, null)
			.schemas(this.nodes.schema().name())
			.locations("classpath:db/migration/common", "classpath:db/migration/postgresql")
			.load()
			.migrate();
	}

	private void connectAnEchoTool(Rest admin) {
		assertThat(admin
			.post("/api/v1/catalog", Map.of("id", "echo", "label", "Echo", "kind", "http", "openapi",
					this.nodes.upstream().openApi(), "allowPrivateNetwork", true))
			.status()).isEqualTo(201);
		assertThat(admin.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-probe")).status())
			.isEqualTo(201);
	}

	private static void whileCatchingUpReadinessIsDown(QuiverNode node, Path log) throws IOException {
		Awaitility.await("the port opens")
			.atMost(Duration.ofMinutes(3))
			.pollInterval(Duration.ofMillis(100))
			.until(() -> node.status("/actuator/health/readiness") != 0);
		assertThat(node.status("/actuator/health/readiness")).isEqualTo(503);
		assertThat(node.status("/actuator/health/liveness")).isEqualTo(503);
		assertThat(Files.readString(log, StandardCharsets.UTF_8)).as("still catching up: the event table is locked")
			.doesNotContain("Policy state loaded from the event store");
	}

	private static void servingBothAreUp(QuiverNode node) {
		assertThat(node.status("/actuator/health/readiness")).isEqualTo(200);
		assertThat(node.status("/actuator/health/liveness")).isEqualTo(200);
	}

	private void onSigtermReadinessGoesDownAndTheCallInFlightIsAnswered(QuiverNode node) throws Exception {
		Rest admin = node.devAdmin();
		Runnable release = this.nodes.upstream().hold();
		CompletableFuture<Rest.Response> inFlight = CompletableFuture
			.supplyAsync(() -> admin.post("/mcp", Map.of("jsonrpc", "2.0", "id", 7, "method", "tools/call", "params",
					Map.of("name", "echo-probe__get_item", "arguments", Map.of("id", "1")))));
		Awaitility.await("the call reaches the upstream")
			.atMost(Duration.ofSeconds(30))
			.until(() -> !this.nodes.upstream().received().isEmpty());

		node.terminate();
		Awaitility.await("readiness down on SIGTERM")
			.atMost(Duration.ofSeconds(20))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> node.status("/actuator/health/readiness") != 200);
		assertThat(inFlight).as("the call is still in flight").isNotDone();
		release.run();

		Rest.Response answer = inFlight.get(1, TimeUnit.MINUTES);
		assertThat(answer.status()).as(answer.body()).isEqualTo(200);
		assertThat(answer.json().path("id").asInt()).isEqualTo(7);
		assertThat(answer.json().has("result")).as(answer.body()).isTrue();
	}

	private static void everyLineIsJson(Path log) throws IOException {
		List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
		assertThat(lines).isNotEmpty();
		for (String line : lines) {
			JsonNode entry = JSON.readTree(line);
			assertThat(entry.path("@timestamp").isTextual()).as(line).isTrue();
		}
		assertThat(lines).anySatisfy((line) -> assertThat(line).contains("\"logger\":\"quiver.access\"")
			.contains("\\\"GET /actuator/health/readiness\\\" 200"));
	}

}
