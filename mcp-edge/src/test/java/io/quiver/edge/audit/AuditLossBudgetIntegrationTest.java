package io.quiver.edge.audit;

import java.util.Map;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import io.quiver.support.TableDump;
import io.quiver.support.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The loss budget of the trail, as {@code docs/operations.md} states it (SPEC R10.4): a
 * call is answered only once its entry is committed. While the database refuses the
 * organisation's trail writes, a call that reached the upstream answers an in-band error
 * saying it was made but its outcome is withheld (the upstream's result never reaches the
 * caller), a call that was not made says so, and the refusal is logged; nothing of either
 * attempt is in the trail, whose chain still verifies, and calls succeed again once the
 * database accepts writes.
 */
@EnabledIfEnvironmentVariable(named = TestDatabase.POSTGRES_URL, matches = ".+")
@ExtendWith(OutputCaptureExtension.class)
class AuditLossBudgetIntegrationTest extends QuiverIntegrationTest {

	private static final String RESULT = "loss-budget-result-7c2e";

	@Autowired
	DataSource dataSource;

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	private String trigger;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("loss-budget");
		this.owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.collapseThreshold(500);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		OrgAdmin.connect(this.owner, "echo", "echo-loss");
		this.trigger = "refuse_" + this.org.replace('-', '_');
	}

	@AfterEach
	void stop() {
		execute("DROP TRIGGER IF EXISTS " + this.trigger + " ON tool_call_audit");
		execute("DROP FUNCTION IF EXISTS " + this.trigger + "()");
		this.upstream.close();
	}

	@Test
	void aCallTheTrailCannotRecordGetsNoSuccessAnswer(CapturedOutput output) {
		this.upstream.reply("{\"answer\":\"" + RESULT + "\"}");
		try (Mcp client = mcp(this.org, "owner")) {
			Mcp.Result before = client.call("echo-loss__get_item", Map.of("id", "1"));
			assertThat(before.isError()).as(before.text()).isFalse();
			assertThat(before.text()).contains(RESULT);

			refuseTrailWrites();
			Mcp.Result made = client.call("echo-loss__get_item", Map.of("id", "2"));
			assertThat(made.isError()).isTrue();
			assertThat(made.text()).contains("The call was made, but its outcome is withheld")
				.contains("audit trail could not record it")
				.doesNotContain(RESULT);
			assertThat(this.upstream.received()).as("the second call reached the upstream").hasSize(2);
			Mcp.Result notMade = client.call("no_such_tool", Map.of());
			assertThat(notMade.isError()).isTrue();
			assertThat(notMade.text()).contains("The call was not made").contains("audit trail could not record it");
			assertThat(output.getAll()).contains("The audit trail refused an entry for echo-loss__get_item")
				.contains("The audit trail refused an entry for no_such_tool");

			execute("DROP TRIGGER " + this.trigger + " ON tool_call_audit");
			Mcp.Result after = client.call("echo-loss__get_item", Map.of("id", "3"));
			assertThat(after.isError()).as(after.text()).isFalse();
			assertThat(after.text()).contains(RESULT);
		}

		JsonNode entries = this.owner.get("/api/v1/audit").json().path("entries");
		assertThat(entries).as("the withheld attempts are not in the trail").hasSize(2);
		assertThat(entries).allSatisfy((entry) -> assertThat(entry.path("outcome").asText()).isEqualTo("success"));
		JsonNode verification = this.owner.get("/api/v1/audit/verify").json();
		assertThat(verification.path("ok").asBoolean()).as(verification.toString()).isTrue();
		assertThat(verification.path("entries").asLong()).isEqualTo(2);
	}

	/**
	 * Makes the database refuse this organisation's trail inserts only, as an unavailable
	 * or full audit store would.
	 */
	private void refuseTrailWrites() {
		execute("CREATE FUNCTION " + this.trigger + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
				+ "RAISE EXCEPTION 'the audit store is unavailable (test)'; END $$");
		execute("CREATE TRIGGER " + this.trigger + " BEFORE INSERT ON tool_call_audit FOR EACH ROW WHEN (NEW.org_id = '"
				+ this.org + "') EXECUTE FUNCTION " + this.trigger + "()");
	}

	private void execute(String sql) {
		TableDump.execute(this.dataSource, sql);
	}

}
