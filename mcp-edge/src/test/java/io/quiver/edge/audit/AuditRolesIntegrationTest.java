package io.quiver.edge.audit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.quiver.support.QuiverApp;
import io.quiver.support.Rest;
import io.quiver.support.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Quiver deployed as {@code docs/operations.md} says (SPEC R10.10): migrations run as an
 * owner role ({@code quiver_owner}), Quiver as a runtime role ({@code quiver_app}) that
 * owns none of the trail's tables. It serves and audits calls; its role cannot UPDATE,
 * DELETE or TRUNCATE the trail through the parent table, the current month's partition or
 * a future one, nor the chain's head or the checkpoints; neither can the owner, whose
 * TRUNCATE of a partition (the finding: the trigger was on the parent only) is refused by
 * the trigger each partition is made with, including one made after start-up.
 * {@code .ci/run} creates both roles; the test creates them too when they are missing.
 */
@EnabledIfEnvironmentVariable(named = TestDatabase.POSTGRES_URL, matches = ".+")
class AuditRolesIntegrationTest {

	private static final String OWNER = "quiver_owner";

	private static final String RUNTIME = "quiver_app";

	private static final DateTimeFormatter SUFFIX = DateTimeFormatter.ofPattern("yyyy_MM");

	private final String schema = "q_roles_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);

	@AfterEach
	void dropSchema() {
		TestDatabase.execute("DROP SCHEMA IF EXISTS " + this.schema + " CASCADE");
	}

	@Test
	void theRuntimeRoleOwnsNothingOfTheTrailAndNoPartitionCanBeChanged() throws Exception {
		createRoles();
		TestDatabase.execute("CREATE SCHEMA " + this.schema + " AUTHORIZATION " + OWNER);
		Path data = Files.createTempDirectory("quiver-roles");
		LocalDate month = LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1);
		String current = "tool_call_audit_" + SUFFIX.format(month);
		String future = "tool_call_audit_" + SUFFIX.format(month.plusMonths(12));
		try (QuiverApp app = QuiverApp.start(Map.of("spring.datasource.url", url(), "spring.datasource.username",
				RUNTIME, "spring.datasource.password", "", "spring.flyway.user", OWNER, "spring.flyway.password", "",
				"spring.flyway.schemas", this.schema, "quiver.vault.key", TestDatabase.vaultKey(), "quiver.data-dir",
				data.toString(), "quiver.dev-issuer.enabled", "true"))) {
			Rest admin = app.as("admin", "demo");
			for (int i = 0; i < 3; i++) {
				Rest.Response call = admin.post("/mcp", Map.of("jsonrpc", "2.0", "id", i, "method", "tools/call",
						"params", Map.of("name", "quiver__org__get", "arguments", Map.of())));
				assertThat(call.json().path("result").path("isError").asBoolean()).as(call.body()).isFalse();
			}
			assertThat(admin.get("/api/v1/audit/verify").json().path("entries").asLong()).isEqualTo(3);
			assertThat(admin.get("/api/v1/audit/checkpoints/latest").json().path("size").asLong()).isEqualTo(3);

			try (Connection runtime = connect(RUNTIME); Connection owner = connect(OWNER)) {
				assertThat(owners(runtime)).as("who owns the trail's tables").containsOnly(OWNER);
				assertThat(owners(runtime)).hasSizeGreaterThan(14);
				execute(runtime, "SELECT tool_call_audit_add_partition(DATE '2040-01-01')");
				for (String table : List.of("tool_call_audit", current, future, "tool_call_audit_2040_01",
						"tool_call_audit_default")) {
					assertRefused(runtime, "UPDATE " + table + " SET outcome = 'error'");
					assertRefused(runtime, "DELETE FROM " + table);
					assertRefused(runtime, "TRUNCATE " + table);
					assertRefused(owner, "UPDATE " + table + " SET outcome = 'error'");
					assertRefused(owner, "DELETE FROM " + table);
					assertRefused(owner, "TRUNCATE " + table);
				}
				for (String table : List.of("tool_call_audit_head", "audit_checkpoint")) {
					assertRefused(runtime, "DELETE FROM " + table);
					assertRefused(runtime, "TRUNCATE " + table);
					assertRefused(owner, "TRUNCATE " + table);
				}
				assertRefused(runtime, "UPDATE audit_checkpoint SET root_hash = 'x'");
				assertRefused(runtime, "DROP TABLE " + future);
				assertRefused(runtime, "ALTER TABLE " + current + " DISABLE TRIGGER ALL");
			}
			assertThat(admin.get("/api/v1/audit/verify").json().path("ok").asBoolean()).isTrue();
			assertThat(admin.get("/api/v1/audit/verify").json().path("entries").asLong()).isEqualTo(3);
		}
	}

	private static void assertRefused(Connection connection, String sql) {
		assertThatThrownBy(() -> execute(connection, sql)).as(sql).isInstanceOf(SQLException.class);
	}

	private List<String> owners(Connection connection) throws SQLException {
		List<String> owners = new java.util.ArrayList<>();
		try (var statement = connection.prepareStatement(
				"SELECT tableowner FROM pg_tables WHERE schemaname = ? AND (tablename LIKE 'tool_call_audit%' "
						+ "OR tablename = 'audit_checkpoint')")) {
			statement.setString(1, this.schema);
			try (var rows = statement.executeQuery()) {
				while (rows.next()) {
					owners.add(rows.getString(1));
				}
			}
		}
		return owners;
	}

	private static void execute(Connection connection, String sql) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	private Connection connect(String role) throws SQLException {
		return DriverManager.getConnection(url() + "&user=" + role);
	}

	/** The test server's URL without its user, in this test's schema. */
	private String url() {
		String base = System.getenv(TestDatabase.POSTGRES_URL).replaceAll("([?&])user=[^&]*&?", "$1");
		base = base.endsWith("?") || base.endsWith("&") ? base : base + (base.contains("?") ? "&" : "?");
		return base + "currentSchema=" + this.schema;
	}

	/**
	 * As {@code .ci/run} does; roles belong to the server, so other runs may have made
	 * them.
	 */
	private static void createRoles() {
		for (String role : List.of(OWNER, RUNTIME)) {
			TestDatabase.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + role
					+ "') THEN CREATE ROLE " + role
					+ " LOGIN; END IF; EXCEPTION WHEN duplicate_object THEN NULL; END $$");
		}
		TestDatabase.execute("GRANT CREATE ON DATABASE " + database() + " TO " + OWNER);
	}

	private static String database() {
		String url = System.getenv(TestDatabase.POSTGRES_URL);
		String path = url.substring(url.lastIndexOf('/') + 1);
		int query = path.indexOf('?');
		return (query >= 0) ? path.substring(0, query) : path;
	}

}
