package io.quiver.edge.audit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import io.quiver.support.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The trail is append-only and tamper-evident on PostgreSQL (SPEC R10.4): the database
 * refuses UPDATE, DELETE and TRUNCATE of it, whoever asks; a superuser who switches the
 * refusal off ({@code session_replication_role = replica}) and alters one field of one
 * entry, or deletes one entry, is caught by {@code GET /api/v1/audit/verify} and
 * {@code quiver__audit__verify}, which name exactly that entry (or the one after the gap)
 * as the first broken link, while other organisations' chains stay intact. A checkpoint
 * or proof over the gap is refused as a conflict ({@code audit.trail-broken}: 409, in
 * band over MCP), never signed and never an internal error (R10.11).
 */
@EnabledIfEnvironmentVariable(named = TestDatabase.POSTGRES_URL, matches = ".+")
class AuditTamperingIntegrationTest extends QuiverIntegrationTest {

	@Test
	void theDatabaseRefusesChangesAndVerifyNamesTheAlteredEntry() throws SQLException {
		String altered = this.organizations.create("tamper-altered");
		String untouched = this.organizations.create("tamper-untouched");
		String gap = this.organizations.create("tamper-gap");
		for (String org : new String[] { altered, untouched, gap }) {
			callFiveTimes(org);
		}

		try (Connection db = DriverManager.getConnection(TestDatabase.postgresUrl())) {
			for (String sql : new String[] {
					"UPDATE tool_call_audit SET outcome = 'error' WHERE org_id = ? AND seq = 3",
					"DELETE FROM tool_call_audit WHERE org_id = ? AND seq = 3" }) {
				try (PreparedStatement statement = db.prepareStatement(sql)) {
					statement.setString(1, altered);
					assertThatThrownBy(statement::executeUpdate).as(sql)
						.isInstanceOf(SQLException.class)
						.hasMessageContaining("append-only");
				}
			}
			try (Statement statement = db.createStatement()) {
				assertThatThrownBy(() -> statement.execute("TRUNCATE tool_call_audit"))
					.hasMessageContaining("append-only");
			}
			assertThat(verifyRest(altered).path("ok").asBoolean()).as("the refused changes changed nothing").isTrue();

			String alteredEntry = entryId(db, altered, 3);
			String afterGap = entryId(db, gap, 3);
			try (Statement superuser = db.createStatement()) {
				superuser.execute("SET session_replication_role = replica");
				superuser.executeUpdate(
						"UPDATE tool_call_audit SET outcome = 'denied' WHERE org_id = '" + altered + "' AND seq = 3");
				superuser.executeUpdate("DELETE FROM tool_call_audit WHERE org_id = '" + gap + "' AND seq = 2");
				superuser.execute("SET session_replication_role = DEFAULT");
			}

			JsonNode rest = verifyRest(altered);
			assertThat(rest.path("ok").asBoolean()).isFalse();
			assertThat(rest.path("firstBroken").path("seq").asLong()).isEqualTo(3);
			assertThat(rest.path("firstBroken").path("entryId").asText()).isEqualTo(alteredEntry);
			assertThat(rest.path("firstBroken").path("reason").asText()).contains("altered");
			JsonNode mcp = verifyMcp(altered);
			assertThat(mcp.path("ok").asBoolean()).isFalse();
			assertThat(mcp.path("firstBroken")).isEqualTo(rest.path("firstBroken"));

			JsonNode missing = verifyRest(gap);
			assertThat(missing.path("ok").asBoolean()).isFalse();
			assertThat(missing.path("firstBroken").path("seq").asLong()).isEqualTo(3);
			assertThat(missing.path("firstBroken").path("entryId").asText()).isEqualTo(afterGap);
			assertThat(missing.path("firstBroken").path("reason").asText()).contains("missing");
			assertThat(verifyMcp(gap).path("firstBroken")).isEqualTo(missing.path("firstBroken"));
			// nothing is signed or proven over the gap: a conflict, not an internal error
			for (String path : List.of("/api/v1/audit/checkpoints/3", "/api/v1/audit/proofs/inclusion?entry=1&size=3",
					"/api/v1/audit/proofs/consistency?from=1&to=3")) {
				Rest.Response refused = rest(gap, "owner").get(path);
				assertThat(refused.status()).as(path + ": " + refused.body()).isEqualTo(409);
				assertThat(refused.json().path("code").asText()).isEqualTo("audit.trail-broken");
				assertThat(refused.json().path("detail").asText()).contains("the trail is broken at entry 2");
			}
			try (Mcp owner = mcp(gap, "owner")) {
				Mcp.Result refused = owner.call("quiver__audit__checkpoint", Map.of("size", 3));
				assertThat(refused.isError()).as(refused.text()).isTrue();
				assertThat(refused.text()).startsWith("audit.trail-broken: the trail is broken at entry 2");
			}

			JsonNode intact = verifyRest(untouched);
			assertThat(intact.path("ok").asBoolean()).as(intact.toString()).isTrue();
			assertThat(intact.path("entries").asLong()).isEqualTo(5);
			assertThat(verifyMcp(untouched).path("ok").asBoolean()).isTrue();
		}
	}

	@Test
	void mergingTwoArgumentNamesIntoOneIsFoundAtTheExactEntry() throws SQLException {
		String org = this.organizations.create("tamper-comma");
		callFiveTimes(org);
		try (Mcp owner = mcp(org, "owner")) {
			Mcp.Result grant = owner.call("quiver__toolboxes__grant",
					Map.of("toolbox", "no-such-toolbox", "target", "role:MEMBER"));
			assertThat(grant.isError()).isTrue();
		}
		callFiveTimes(org);
		JsonNode entry = rest(org, "owner").get("/api/v1/audit?tool=quiver__toolboxes__grant")
			.json()
			.path("entries")
			.get(0);
		long seq = entry.path("seq").asLong();
		assertThat(entry.path("argumentNames").toString()).isEqualTo("[\"target\",\"toolbox\"]");
		assertThat(verifyRest(org).path("ok").asBoolean()).isTrue();
		assertThat(verifyRest(org).path("encodingCutOver").asLong()).as("every entry is of version 2").isEqualTo(1);

		try (Connection db = DriverManager.getConnection(TestDatabase.postgresUrl());
				Statement superuser = db.createStatement()) {
			superuser.execute("SET session_replication_role = replica");
			superuser
				.executeUpdate("UPDATE tool_call_audit SET argument_names = '[\"target,toolbox\"]' WHERE org_id = '"
						+ org + "' AND seq = " + seq);
			superuser.execute("SET session_replication_role = DEFAULT");
		}

		JsonNode verify = verifyRest(org);
		assertThat(verify.path("ok").asBoolean()).as("the names merged by a comma no longer hash alike").isFalse();
		assertThat(verify.path("firstBroken").path("seq").asLong()).isEqualTo(seq);
		assertThat(verify.path("firstBroken").path("entryId").asText()).isEqualTo(entry.path("entryId").asText());
		assertThat(verify.path("firstBroken").path("reason").asText()).contains("altered");
	}

	/** Five audited calls of the OWNER: reads of the control plane. */
	private void callFiveTimes(String org) {
		try (Mcp owner = mcp(org, "owner")) {
			for (int i = 0; i < 5; i++) {
				Mcp.Result result = owner.call((i % 2 == 0) ? "quiver__org__get" : "quiver__members__list", Map.of());
				assertThat(result.isError()).as(result.text()).isFalse();
			}
		}
	}

	private JsonNode verifyRest(String org) {
		Rest.Response response = rest(org, "owner").get("/api/v1/audit/verify");
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		return response.json();
	}

	private JsonNode verifyMcp(String org) {
		try (Mcp owner = mcp(org, "owner")) {
			Mcp.Result result = owner.call("quiver__audit__verify", Map.of());
			assertThat(result.isError()).as(result.text()).isFalse();
			return result.structured();
		}
	}

	private static String entryId(Connection db, String org, long seq) throws SQLException {
		try (PreparedStatement statement = db
			.prepareStatement("SELECT entry_id FROM tool_call_audit WHERE org_id = ? AND seq = ?")) {
			statement.setString(1, org);
			statement.setLong(2, seq);
			try (var rows = statement.executeQuery()) {
				assertThat(rows.next()).isTrue();
				return rows.getString(1);
			}
		}
	}

}
