package io.quiver.scaleout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.NodeClients;
import io.quiver.support.NodeSchema;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverNode;
import io.quiver.support.Rest;
import io.quiver.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two Quiver nodes, each its own process, on one PostgreSQL database (SPEC R9, issue
 * "scale-out"):
 * <ul>
 * <li>a change made through node A is in effect for the very next request on node B, with
 * no wait: every request catches its node's state up with the event store first;</li>
 * <li>node A killed outright under load: every command and tool call it acknowledged is
 * in the database, the audit chain verifies, and node B keeps serving.</li>
 * </ul>
 */
@EnabledIfEnvironmentVariable(named = TestDatabase.POSTGRES_URL, matches = ".+")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TwoNodesIntegrationTest {

	private static NodeSchema schema;

	private static FakeUpstream upstream;

	private static QuiverNode nodeA;

	private static QuiverNode nodeB;

	private static Path dataDir;

	@BeforeAll
	static void startTwoNodesTogether() throws Exception {
		schema = NodeSchema.create("n_");
		upstream = FakeUpstream.start();
		dataDir = Files.createTempDirectory("quiver-two-nodes");
		Map<String, String> shared = schema.nodeSettings(dataDir);
		ExecutorService starter = Executors.newFixedThreadPool(2);
		Future<QuiverNode> a = starter.submit(() -> QuiverNode.start("A", dataDir.resolve("node-a.log"), shared));
		Future<QuiverNode> b = starter.submit(() -> QuiverNode.start("B", dataDir.resolve("node-b.log"), shared));
		nodeA = a.get(5, TimeUnit.MINUTES);
		nodeB = b.get(5, TimeUnit.MINUTES);
		starter.shutdown();
	}

	@AfterAll
	static void stop() {
		if (nodeA != null) {
			nodeA.close();
		}
		if (nodeB != null) {
			nodeB.close();
		}
		if (upstream != null) {
			upstream.close();
		}
		if (schema != null) {
			schema.close();
		}
	}

	@Test
	@Order(1)
	void bothNodesStartingTogetherBootstrapOneOrganisation() {
		JsonNode members = admin(nodeB).get("/api/v1/members").json();
		assertThat(members).hasSize(1);
		assertThat(members.get(0).path("subject").asText()).isEqualTo("admin");
	}

	@Test
	@Order(2)
	void aChangeThroughNodeAIsInEffectForTheNextRequestOnNodeB() {
		Rest adminA = admin(nodeA);
		OrgAdmin org = new OrgAdmin(adminA);
		org.invite("alice", "MEMBER");
		org.registerHttpConnector("echo", "Echo", upstream.openApi());
		Rest aliceA = as(nodeA, "alice");
		Rest aliceB = as(nodeB, "alice");
		assertThat(aliceA.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-alice")).status())
			.isEqualTo(201);

		assertThat(toolNames(aliceB)).contains("echo-alice__get_item", "echo-alice__delete_item");
		assertThat(call(aliceB, "echo-alice__get_item", Map.of("id", "1")).path("isError").asBoolean()).isFalse();

		assertThat(adminA.post("/api/v1/members/alice/suspend", null).status()).isEqualTo(200);
		JsonNode refused = call(aliceB, "echo-alice__get_item", Map.of("id", "1"));
		assertThat(refused.path("isError").asBoolean()).isTrue();
		assertThat(refused.toString()).contains("member-status").contains("suspended");
		assertThat(toolNames(aliceB)).isEmpty();

		assertThat(admin(nodeB).post("/api/v1/members/alice/reinstate", null).status()).isEqualTo(200);
		assertThat(toolNames(aliceA)).contains("echo-alice__get_item");

		assertThat(adminA
			.post("/api/v1/restrictions", Map.of("target", "role:MEMBER", "block", List.of("tool:echo.delete_item")))
			.status()).isEqualTo(201);
		assertThat(toolNames(aliceB)).contains("echo-alice__get_item").doesNotContain("echo-alice__delete_item");
		JsonNode blocked = call(aliceB, "echo-alice__delete_item", Map.of("id", "1"));
		assertThat(blocked.toString()).contains("restriction");
	}

	/**
	 * Rate limits set through {@code quiver__org__update_settings} hold for both nodes
	 * together (SPEC R15.2): calls alternating between the nodes are admitted up to the
	 * limit plus the documented tolerance of {@code max(1, limit/20)} per node, the rest
	 * answered in band with the time to wait and in the trail as denials by the
	 * rate-limit gate; per member first, then per connection.
	 */
	@Test
	@Order(3)
	void aRateLimitHoldsAcrossBothNodes() {
		Rest adminA = admin(nodeA);
		assertThat(adminA.post("/api/v1/members", Map.of("subject", "rhea", "role", "MEMBER")).status()).isEqualTo(201);
		assertThat(adminA
			.post("/api/v1/catalog", Map.of("id", "limited", "label", "Limited", "kind", "http", "openapi",
					upstream.openApi(), "allowPrivateNetwork", true))
			.status()).isEqualTo(201);
		assertThat(as(nodeA, "rhea").post("/api/v1/connections", Map.of("connector", "limited", "label", "lim-rhea"))
			.status()).isEqualTo(201);
		List<Rest> rhea = List.of(as(nodeA, "rhea"), as(nodeB, "rhea"));

		settings(adminA, Map.of("callsPerMinutePerMember", 20));
		int admitted = alternate(rhea, 40);
		assertThat(admitted).as("20 a minute, and at most one more per node").isBetween(20, 22);
		JsonNode entries = admin(nodeB).get("/api/v1/audit?member=rhea&limit=100").json().path("entries");
		List<JsonNode> limited = new ArrayList<>();
		entries.forEach((entry) -> {
			if ("rate-limit".equals(entry.path("gate").asText())) {
				limited.add(entry);
			}
		});
		assertThat(limited).hasSize(40 - admitted)
			.allSatisfy((entry) -> assertThat(entry.path("decision").asText()).isEqualTo("denied"));
		Rest.Response rest = rhea.get(1).get("/api/v1/connections");
		assertThat(rest.status()).as("REST requests share the member's budget").isEqualTo(429);
		assertThat(Integer.parseInt(rest.header("Retry-After"))).isBetween(1, 60);
		assertThat(rest.json().path("code").asText()).isEqualTo("rate-limited");

		settings(admin(nodeB), Map.of("callsPerMinutePerMember", 0, "callsPerMinutePerConnection", 10));
		assertThat(alternate(rhea, 20)).as("10 a minute on the connection, at most one more per node")
			.isBetween(10, 12);

		// no database write on every call: a trigger counts the writes to the buckets'
		// rows
		String table = schema.name() + ".rate_limit_bucket";
		TestDatabase.execute("CREATE TABLE " + schema.name() + ".bucket_writes AS SELECT 0 AS n");
		TestDatabase
			.execute("CREATE FUNCTION " + schema.name() + ".count_bucket_write() RETURNS trigger LANGUAGE plpgsql "
					+ "AS $$ BEGIN UPDATE " + schema.name() + ".bucket_writes SET n = n + 1; RETURN NEW; END $$");
		TestDatabase.execute("CREATE TRIGGER bucket_write AFTER INSERT OR UPDATE ON " + table
				+ " FOR EACH ROW EXECUTE FUNCTION " + schema.name() + ".count_bucket_write()");
		settings(adminA, Map.of("callsPerMinutePerMember", 1000, "callsPerMinutePerConnection", 0));
		assertThat(alternate(rhea, 100)).isEqualTo(100);
		int writes = TestDatabase.queryForInt("SELECT n FROM " + schema.name() + ".bucket_writes");
		System.out.println("Rate limit of 1000 a minute on two nodes: " + writes + " bucket writes for 100 calls");
		assertThat(writes).as("a write once per 50 calls per node, or every 5 s").isLessThan(50);
	}

	/**
	 * With the semantic signal on (SPEC R6.15), the same {@code search_tools} query is
	 * answered byte-identically by both nodes: two processes, each with its own model
	 * session, its own index built by replaying the events.
	 */
	@Test
	@Order(5)
	void theSameSearchIsAnsweredByteIdenticallyByBothNodesWithTheSemanticSignalOn() {
		// few tools collapse: search_tools is advertised
		Rest.Response on = admin(nodeA).patch("/api/v1/org/settings",
				Map.of("semanticSearch", true, "collapseThreshold", 1));
		assertThat(on.status()).as(on.body()).isEqualTo(200);
		for (String query : List.of("get item", "fetch a single record by its identifier",
				"list_all_cal_com_schedules")) {
			JsonNode a = call(as(nodeA, "alice"), "search_tools", Map.of("query", query));
			JsonNode b = call(as(nodeB, "alice"), "search_tools", Map.of("query", query));

			assertThat(a.path("isError").asBoolean()).as(a.toString()).isFalse();
			assertThat(b.toString()).as(query).isEqualTo(a.toString());
		}
		JsonNode answer = call(as(nodeB, "alice"), "search_tools", Map.of("query", "get item"));
		assertThat(answer.path("structuredContent").path("results").get(0).path("similarity").isNumber())
			.as(answer.toString())
			.isTrue();
		assertThat(admin(nodeB).patch("/api/v1/org/settings", Map.of("semanticSearch", false, "collapseThreshold", 30))
			.status()).isEqualTo(200);
	}

	/** Calls alternately on each node; answers how many were admitted. */
	private static int alternate(List<Rest> callers, int calls) {
		int admitted = 0;
		for (int i = 0; i < calls; i++) {
			JsonNode result = call(callers.get(i % callers.size()), "lim-rhea__get_item", Map.of("id", "1"));
			if (!result.path("isError").asBoolean()) {
				admitted++;
				continue;
			}
			assertThat(result.toString()).contains("Denied by the rate-limit gate")
				.containsPattern("Try again in \\d+ s");
		}
		return admitted;
	}

	private static void settings(Rest owner, Map<String, Object> settings) {
		JsonNode result = call(owner, "quiver__org__update_settings", settings);
		assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
		settings
			.forEach((name, value) -> assertThat(result.path("structuredContent").path(name).asInt()).isEqualTo(value));
	}

	/**
	 * Real clients connected to node A (TypeScript SDK v1 on 2025-11-25, v2 pinned to
	 * 2026-07-28 and in {@code auto}, and the MCP Java SDK client) list, search and
	 * execute, and each hears {@code tools/list_changed} once a restriction made through
	 * node B's REST API changes what their caller sees (SPEC R12.4, R12.6).
	 */
	@Test
	@Order(4)
	void realClientsOnNodeAHearOfARestrictionMadeThroughNodeB() throws Exception {
		Rest adminA = admin(nodeA);
		assertThat(adminA.post("/api/v1/members", Map.of("subject", "erin", "role", "MEMBER")).status()).isEqualTo(201);
		assertThat(as(nodeA, "erin").post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-erin"))
			.status()).isEqualTo(201);
		// few tools collapse: the clients search and execute through the meta-tools
		assertThat(adminA.patch("/api/v1/org/settings", Map.of("collapseThreshold", 1)).status()).isEqualTo(200);
		String token = token(nodeA, "erin");
		String mcp = nodeA.baseUrl() + "/mcp";
		List<NodeClients.Run> clients = List.of(
				NodeClients.start("v1", "legacy", mcp, token, "get item", "echo-erin__get_item", "{\"id\":\"1\"}"),
				NodeClients.start("v2", "pin", mcp, token, "get item", "echo-erin__get_item", "{\"id\":\"1\"}"),
				NodeClients.start("v2", "auto", mcp, token, "get item", "echo-erin__get_item", "{\"id\":\"1\"}"));
		CountDownLatch javaHeard = new CountDownLatch(1);
		List<String> javaRelisted = new java.util.concurrent.CopyOnWriteArrayList<>();
		try (Mcp java = Mcp.connect(nodeA.baseUrl(), token, (tools) -> {
			tools.forEach((tool) -> javaRelisted.add(tool.name()));
			javaHeard.countDown();
		})) {
			assertThat(java.toolNames()).contains("search_tools", "execute_tool");
			assertThat(java.call("search_tools", Map.of("query", "get item"))
				.structured()
				.path("results")
				.get(0)
				.path("name")
				.asText()).isEqualTo("echo-erin__get_item");
			assertThat(java.execute("echo-erin__get_item", Map.of("id", "1")).isError()).isFalse();
			List<String> versions = new ArrayList<>();
			for (NodeClients.Run client : clients) {
				JsonNode ready = client.await("ready", Duration.ofMinutes(3));
				assertThat(ready.path("tools").toString()).contains("search_tools", "execute_tool");
				assertThat(ready.path("searched").get(0).asText()).isEqualTo("echo-erin__get_item");
				assertThat(ready.path("executeError").asBoolean()).as(ready.toString()).isFalse();
				versions.add(ready.path("protocolVersion").asText());
			}
			assertThat(versions).containsExactly("2025-11-25", "2026-07-28", "2026-07-28");

			assertThat(admin(nodeB)
				.post("/api/v1/restrictions", Map.of("target", "user:erin", "block", List.of("connector:echo")))
				.status()).isEqualTo(201);

			for (NodeClients.Run client : clients) {
				JsonNode relisted = client.await("list_changed", Duration.ofMinutes(1));
				assertThat(relisted.path("tools").toString()).doesNotContain("search_tools", "echo-erin__");
			}
			assertThat(javaHeard.await(1, TimeUnit.MINUTES)).isTrue();
			assertThat(javaRelisted).isNotEmpty().doesNotContain("search_tools");
		}
		finally {
			clients.forEach(NodeClients.Run::close);
			assertThat(adminA.patch("/api/v1/org/settings", Map.of("collapseThreshold", 30)).status()).isEqualTo(200);
		}
	}

	@Test
	@Order(6)
	void nodeAKilledUnderLoadLosesNothingItAcknowledged() throws Exception {
		Rest adminA = admin(nodeA);
		Rest adminB = admin(nodeB);
		Set<String> invited = ConcurrentHashMap.newKeySet();
		AtomicInteger answeredCalls = new AtomicInteger();
		AtomicBoolean running = new AtomicBoolean(true);
		CountDownLatch loadStarted = new CountDownLatch(4);
		ExecutorService load = Executors.newFixedThreadPool(4);
		List<Future<?>> workers = new ArrayList<>();
		for (int worker = 0; worker < 4; worker++) {
			QuiverNode target = (worker % 2 == 0) ? nodeA : nodeB;
			boolean commands = worker < 2;
			int id = worker;
			workers.add(load.submit(() -> {
				loadStarted.countDown();
				int n = 0;
				while (running.get()) {
					try {
						if (commands) {
							String subject = "load-" + id + "-" + (n++);
							Rest.Response response = admin(target).post("/api/v1/members",
									Map.of("subject", subject, "role", "GUEST"));
							if (response.status() == 201) {
								invited.add(subject);
							}
						}
						else {
							JsonNode answer = call(as(target, "alice"), "echo-alice__get_item", Map.of("id", "x"));
							if (!answer.path("isError").asBoolean(true)) {
								answeredCalls.incrementAndGet();
							}
						}
					}
					catch (RuntimeException ex) {
						// node A is gone: unacknowledged, so nothing is owed
					}
				}
			}));
		}
		loadStarted.await();
		await(Duration.ofSeconds(3));
		nodeA.kill();
		assertThat(nodeA.alive()).isFalse();
		await(Duration.ofSeconds(3));
		running.set(false);
		for (Future<?> worker : workers) {
			worker.get(2, TimeUnit.MINUTES);
		}
		load.shutdown();

		JsonNode members = adminB.get("/api/v1/members").json();
		List<String> subjects = new ArrayList<>();
		members.forEach((member) -> subjects.add(member.path("subject").asText()));
		assertThat(invited).isNotEmpty();
		assertThat(subjects).containsAll(invited);

		int audited = 0;
		String cursor = null;
		do {
			JsonNode page = adminB
				.get("/api/v1/audit?tool=echo-alice__get_item&outcome=success&limit=500"
						+ ((cursor != null) ? "&cursor=" + cursor : ""))
				.json();
			audited += page.path("entries").size();
			cursor = page.path("nextCursor").isTextual() ? page.path("nextCursor").asText() : null;
		}
		while (cursor != null);
		assertThat(answeredCalls.get()).isPositive();
		assertThat(audited).isGreaterThanOrEqualTo(answeredCalls.get() + 1);
		JsonNode verification = adminB.get("/api/v1/audit/verify").json();
		assertThat(verification.path("ok").asBoolean()).as(verification.toString()).isTrue();
		assertThat(toolNames(as(nodeB, "alice"))).contains("echo-alice__get_item");
	}

	private static void await(Duration duration) {
		org.awaitility.Awaitility.await().pollDelay(duration).atMost(duration.plusSeconds(5)).until(() -> true);
	}

	private static Rest admin(QuiverNode node) {
		return as(node, "admin");
	}

	private static Rest as(QuiverNode node, String subject) {
		JsonNode token = new Rest(node.baseUrl(), null)
			.post("/dev/token",
					Map.of("sub", subject, "org", "demo", "scope", "mcp:read mcp:write mcp:destructive mcp:tools"))
			.json();
		return new Rest(node.baseUrl(), token.path("access_token").asText());
	}

	private static String token(QuiverNode node, String subject) {
		return new Rest(node.baseUrl(), null)
			.post("/dev/token",
					Map.of("sub", subject, "org", "demo", "scope", "mcp:read mcp:write mcp:destructive mcp:tools"))
			.json()
			.path("access_token")
			.asText();
	}

	private static List<String> toolNames(Rest rest) {
		JsonNode tools = rest.post("/mcp", Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/list"))
			.json()
			.path("result")
			.path("tools");
		List<String> names = new ArrayList<>();
		tools.forEach((tool) -> names.add(tool.path("name").asText()));
		return names;
	}

	private static JsonNode call(Rest rest, String tool, Map<String, Object> arguments) {
		return rest.callTool(tool, arguments).path("result");
	}

}
