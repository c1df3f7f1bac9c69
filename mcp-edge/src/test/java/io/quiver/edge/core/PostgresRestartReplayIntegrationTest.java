package io.quiver.edge.core;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.query.replay.ProjectionRebuilder;
import io.quiver.edge.support.Commands;
import io.quiver.support.ClientStory;
import io.quiver.support.FakeUpstream;
import io.quiver.support.QuiverApp;
import io.quiver.support.Rest;
import io.quiver.support.TableDump;
import io.quiver.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The core's promise end to end on PostgreSQL (issue "core", first proof): commands sent
 * through the REST API over real HTTP become events in the PostgreSQL event store, the
 * events become read models and the REST queries answer from them; after a restart on the
 * same schema everything is still there and still works (tokens, vault, tool index); and
 * every projection, dropped and replayed from the event store, comes back row for row
 * identical, both through {@link ProjectionRebuilder} one group at a time and through the
 * {@code --quiver.rebuild=all} admin command.
 */
@EnabledIfEnvironmentVariable(named = TestDatabase.POSTGRES_URL, matches = ".+")
class PostgresRestartReplayIntegrationTest {

	/** Each projection's processing group and the tables it owns. */
	private static final Map<String, List<String>> PROJECTION_TABLES = Map.of("member-directory",
			List.of("member_directory"), "connection-directory", List.of("connection_directory"), "toolbox-directory",
			List.of("toolbox_directory"), "restriction-directory", List.of("restriction_directory"),
			"restriction-history", List.of("restriction_history"), "catalog", List.of("catalog_connector"),
			"control-plane-trail", List.of("control_plane_trail"), "client-directory",
			List.of("client_directory", "client_consent_directory"));

	/** The REST queries whose answers must survive a restart and a rebuild. */
	private static final List<String> QUERIES = List.of("/api/v1/members", "/api/v1/members/alice",
			"/api/v1/connections", "/api/v1/connections/echo-alice", "/api/v1/toolboxes", "/api/v1/toolboxes/support",
			"/api/v1/restrictions", "/api/v1/restrictions/history", "/api/v1/catalog", "/api/v1/catalog/echo",
			"/api/v1/org", "/api/v1/audit/changes");

	private static final String SCHEMA = "r_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

	private static final String SECRET = "restart-secret-" + UUID.randomUUID();

	private static FakeUpstream upstream;

	private static Map<String, String> settings;

	@BeforeAll
	static void schema() throws Exception {
		TestDatabase.execute("CREATE SCHEMA " + SCHEMA);
		upstream = FakeUpstream.start();
		byte[] key = new byte[32];
		new SecureRandom().nextBytes(key);
		Path dataDir = Files.createTempDirectory("quiver-restart-pg");
		String base = System.getenv(TestDatabase.POSTGRES_URL);
		settings = Map.of("spring.datasource.url", base + (base.contains("?") ? "&" : "?") + "currentSchema=" + SCHEMA,
				"spring.datasource.username", "", "spring.flyway.schemas", SCHEMA, "quiver.vault.key",
				Base64.getEncoder().encodeToString(key), "quiver.data-dir", dataDir.toString(),
				"quiver.dev-issuer.enabled", "true", "quiver.public-url", "http://localhost");
	}

	@AfterAll
	static void drop() {
		if (upstream != null) {
			upstream.close();
		}
		TestDatabase.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
	}

	@Test
	void commandsBecomeEventsAndReadModelsWhichSurviveARestartAndReplayIdentically() {
		Map<String, String> answers;
		Map<String, String> rebuilt;
		Map<String, List<String>> tables;
		String aliceToken;
		try (QuiverApp app = QuiverApp.start(settings)) {
			Rest admin = app.as("admin", "demo");
			tellTheStory(admin);
			ClientStory.tell(app.baseUrl(), app.bean(Commands.class), "demo",
					admin.get("/api/v1/members/alice").json().path("memberId").asText());

			Map<String, Long> events = eventTypes(app.dataSource());
			assertThat(events).containsEntry("MemberInvitedEvent", 5L)
				.containsEntry("MemberRoleChangedEvent", 1L)
				.containsEntry("MemberSuspendedEvent", 1L)
				.containsEntry("MemberReinstatedEvent", 1L)
				.containsEntry("MemberRemovedEvent", 1L)
				.containsEntry("ConnectorRegisteredEvent", 1L)
				.containsEntry("ConnectionCreatedEvent", 3L)
				.containsEntry("ConnectionRelabeledEvent", 1L)
				.containsEntry("ConnectionDeletedEvent", 1L)
				.containsEntry("ToolboxCreatedEvent", 1L)
				.containsEntry("ToolboxEntryAddedEvent", 1L)
				.containsEntry("ToolboxGrantedEvent", 1L)
				.containsEntry("RestrictionCreatedEvent", 1L)
				.containsEntry("RestrictionUpdatedEvent", 1L)
				.containsEntry("OrganizationSettingsChangedEvent", 1L)
				.containsKey("OrganizationCreatedEvent");
			assertThat(TableDump.count(app.dataSource(),
					"SELECT count(*) FROM domainevententry WHERE payloadtype LIKE '%.ConnectionCreatedEvent' "
							+ "AND convert_from(payload, 'UTF8') LIKE '%echo-alice%'"))
				.isEqualTo(1);

			answers = answers(admin);
			assertThat(answers.get("/api/v1/members")).contains("\"alice\"", "\"bob\"", "\"dave\"", "\"REMOVED\"");
			assertThat(answers.get("/api/v1/members/alice")).contains("\"MEMBER\"", "\"ACTIVE\"");
			assertThat(answers.get("/api/v1/connections")).contains("\"echo-alice\"", "\"notion-team\"")
				.doesNotContain("notion-legal", "\"github\"");
			assertThat(answers.get("/api/v1/toolboxes/support")).contains("support__get_item", "role:MEMBER");
			assertThat(answers.get("/api/v1/restrictions")).contains("user:alice", "tool:echo.delete_item",
					"tool:echo.create_item");
			assertThat(answers.get("/api/v1/restrictions/history")).contains("CREATED", "UPDATED");
			assertThat(answers.get("/api/v1/org")).contains("\"collapseThreshold\":12");

			aliceToken = app.token("alice", "demo");
			Rest alice = app.rest(aliceToken);
			assertThat(callTool(alice, "echo-alice__get_item")).isFalse();
			assertThat(lastAuthorization()).isEqualTo("Bearer " + SECRET);
			tables = TableDump.of(app.dataSource(), TableDump.tables(app.dataSource()));
			assertThat(tables.get("domainevententry")).hasSizeGreaterThan(15);
		}

		try (QuiverApp app = QuiverApp.start(settings)) {
			Rest admin = app.as("admin", "demo");
			assertThat(answers(admin)).isEqualTo(answers);
			assertThat(TableDump.of(app.dataSource(), tables.keySet())).isEqualTo(tables);
			Rest alice = app.rest(aliceToken);
			assertThat(callTool(alice, "echo-alice__get_item")).as("token, tool index and vault after restart")
				.isFalse();
			assertThat(lastAuthorization()).isEqualTo("Bearer " + SECRET);
			assertThat(callTool(alice, "echo-alice__delete_item")).as("restriction after restart").isTrue();

			Map<String, String> settled = answers(admin);
			Map<String, List<String>> before = TableDump.of(app.dataSource(), projectionTables());
			assertThat(PROJECTION_TABLES.keySet()).containsExactlyInAnyOrderElementsOf(ProjectionRebuilder.PROJECTIONS);
			ProjectionRebuilder rebuilder = app.bean(ProjectionRebuilder.class);
			for (String projection : ProjectionRebuilder.PROJECTIONS) {
				for (String table : PROJECTION_TABLES.get(projection)) {
					TableDump.execute(app.dataSource(), "DELETE FROM " + table);
				}
				assertThat(TableDump.of(app.dataSource(), PROJECTION_TABLES.get(projection)).values())
					.allSatisfy((rows) -> assertThat(rows).isEmpty());
				ProjectionRebuilder.Progress done = rebuilder.rebuild(projection, (progress) -> {
				});
				assertThat(done.done()).isTrue();
				assertThat(done.eventsApplied()).as(projection).isPositive();
				assertThat(TableDump.of(app.dataSource(), PROJECTION_TABLES.get(projection)))
					.as("%s rebuilt", projection)
					.isEqualTo(slice(before, PROJECTION_TABLES.get(projection)));
			}
			rebuilt = answers(admin);
			assertThat(rebuilt).isEqualTo(settled);
			tables = TableDump.of(app.dataSource(), tables.keySet());
		}

		wipeProjections();
		QuiverApp.rebuild(settings, "all");
		try (QuiverApp app = QuiverApp.start(settings)) {
			assertThat(TableDump.of(app.dataSource(), tables.keySet())).isEqualTo(tables);
			assertThat(answers(app.as("admin", "demo"))).isEqualTo(rebuilt);
		}
	}

	/**
	 * Members (beside the bootstrapped admin), a custom connector, connections, a
	 * toolbox, a restriction, settings.
	 */
	private static void tellTheStory(Rest admin) {
		expect(admin.post("/api/v1/members", Map.of("subject", "alice", "role", "MEMBER")), 201);
		expect(admin.post("/api/v1/members", Map.of("subject", "bob", "role", "AUDITOR")), 201);
		expect(admin.post("/api/v1/members", Map.of("subject", "carol", "role", "GUEST")), 201);
		expect(admin.post("/api/v1/members", Map.of("subject", "dave", "role", "MEMBER")), 201);
		expect(admin.put("/api/v1/members/bob/role", Map.of("role", "ADMIN")), 200);
		expect(admin.post("/api/v1/members/dave/suspend", null), 200);
		expect(admin.post("/api/v1/members/dave/reinstate", null), 200);
		expect(admin.delete("/api/v1/members/carol"), 200);
		expect(admin.post("/api/v1/catalog", Map.of("id", "echo", "label", "Echo", "kind", "http", "openapi",
				upstream.openApi(), "allowPrivateNetwork", true)), 201);
		expect(admin.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-alice", "owner", "alice",
				"credential", Map.of("type", "bearer", "token", SECRET))), 201);
		expect(admin.post("/api/v1/connections", Map.of("connector", "notion", "label", "notion-legal", "credential",
				Map.of("type", "bearer", "token", "secret-notion"))), 201);
		expect(admin.put("/api/v1/connections/notion-legal/label", Map.of("label", "notion-team")), 200);
		expect(admin.post("/api/v1/connections", Map.of("connector", "github", "label", "github-old", "credential",
				Map.of("type", "bearer", "token", "secret-github"))), 201);
		expect(admin.delete("/api/v1/connections/github-old"), 200);
		expect(admin.post("/api/v1/toolboxes", Map.of("name", "support", "description", "Support desk")), 201);
		expect(admin.post("/api/v1/toolboxes/support/entries",
				Map.of("operation", "echo.get_item", "connections", List.of("echo-alice"))), 201);
		expect(admin.post("/api/v1/toolboxes/support/grants", Map.of("target", "role:MEMBER")), 200);
		String restriction = expect(admin.post("/api/v1/restrictions",
				Map.of("target", "user:alice", "block", List.of("tool:echo.delete_item"))), 201)
			.path("restrictionId")
			.asText();
		expect(admin.patch("/api/v1/restrictions/" + restriction,
				Map.of("block", List.of("tool:echo.delete_item", "tool:echo.create_item"))), 200);
		expect(admin.patch("/api/v1/org/settings", Map.of("collapseThreshold", 12)), 200);
	}

	private static Map<String, String> answers(Rest admin) {
		Map<String, String> answers = new LinkedHashMap<>();
		for (String query : QUERIES) {
			Rest.Response response = admin.get(query);
			assertThat(response.status()).as(query + ": " + response.body()).isEqualTo(200);
			answers.put(query, response.body());
		}
		return answers;
	}

	/** Event payload types (simple names) in the store, with their counts. */
	private static Map<String, Long> eventTypes(DataSource dataSource) {
		Map<String, Long> types = new TreeMap<>();
		Map<String, List<String>> dump = TableDump.of(dataSource, List.of("domainevententry"));
		for (String row : dump.get("domainevententry")) {
			int start = row.indexOf("payloadtype=") + "payloadtype=".length();
			String type = row.substring(start, row.indexOf('|', start));
			types.merge(type.substring(type.lastIndexOf('.') + 1), 1L, Long::sum);
		}
		return types;
	}

	private static boolean callTool(Rest rest, String tool) {
		JsonNode answer = rest.callTool(tool, Map.of("id", "7"));
		assertThat(answer.has("result")).as(answer.toString()).isTrue();
		return answer.path("result").path("isError").asBoolean();
	}

	private static String lastAuthorization() {
		List<FakeUpstream.Received> received = upstream.received();
		return received.get(received.size() - 1).authorization();
	}

	private static List<String> projectionTables() {
		List<String> tables = new ArrayList<>();
		PROJECTION_TABLES.values().forEach(tables::addAll);
		return tables;
	}

	private static Map<String, List<String>> slice(Map<String, List<String>> dump, List<String> tables) {
		Map<String, List<String>> slice = new LinkedHashMap<>();
		tables.forEach((table) -> slice.put(table, dump.get(table)));
		return slice;
	}

	private static void wipeProjections() {
		for (String table : projectionTables()) {
			TestDatabase.execute("DELETE FROM " + SCHEMA + "." + table);
		}
	}

	private static JsonNode expect(Rest.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
		return response.json();
	}

}
