package io.quiver.edge.audit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.FakeUpstream;
import io.quiver.support.FaultyDatabase;
import io.quiver.support.Mcp;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Write-ahead (SPEC R10.7, R10.8): a connected write or destructive call reaches its
 * upstream only once its attempt entry is committed, and its outcome entry, pointing to
 * the attempt, is committed before the answer leaves. With the trail's inserts failing at
 * random ({@link FaultyDatabase}), the recording upstream shows that every call that
 * reached it has its attempt entry, and that no call whose attempt could not be written
 * reached it.
 */
class AuditWriteAheadIntegrationTest extends QuiverIntegrationTest {

	private static final String NOT_MADE = "The call was not made because the audit trail could not record it";

	private static final String WITHHELD = "The call was made, but its outcome is withheld";

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("write-ahead");
		this.owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.collapseThreshold(500);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		OrgAdmin.connect(this.owner, "echo", "echo-wa");
	}

	@AfterEach
	void stop() {
		FaultyDatabase.reset();
		this.upstream.close();
	}

	@Test
	void aWriteIsAnAttemptThenItsOutcomeAndAReadIsOneEntry() {
		try (Mcp client = mcp(this.org, "owner")) {
			assertThat(client.call("echo-wa__create_item", Map.of("title", "t")).isError()).isFalse();
			assertThat(client.call("echo-wa__get_item", Map.of("id", "1")).isError()).isFalse();
		}
		List<JsonNode> entries = entries(Map.of());
		assertThat(entries).hasSize(3);
		JsonNode read = entries.get(0);
		JsonNode outcome = entries.get(1);
		JsonNode attempt = entries.get(2);
		assertThat(read.path("phase").asText(null)).as(read.toString()).isNull();
		assertThat(read.path("outcome").asText()).isEqualTo("success");

		assertThat(attempt.path("phase").asText()).isEqualTo("attempt");
		assertThat(attempt.path("outcome").asText()).as("what was known when it was written")
			.isEqualTo("outcome-unknown");
		assertThat(attempt.path("account").asText(null)).as("not reached yet").isNull();
		assertThat(attempt.path("classification").asText()).isEqualTo("write");
		assertThat(attempt.path("argumentNames").toString()).isEqualTo("[\"title\"]");

		assertThat(outcome.path("phase").asText()).isEqualTo("outcome");
		assertThat(outcome.path("attemptSeq").asLong()).isEqualTo(attempt.path("seq").asLong());
		assertThat(outcome.path("outcome").asText()).isEqualTo("success");
		assertThat(outcome.path("account").asText()).isEqualTo("echo-wa");
		assertThat(outcome.path("durationMicros").asLong()).isPositive();

		JsonNode settled = attempt.path("settled");
		assertThat(settled.path("seq").asLong()).as("the listing joins the attempt to its outcome")
			.isEqualTo(outcome.path("seq").asLong());
		assertThat(settled.path("outcome").asText()).isEqualTo("success");
		assertThat(settled.path("account").asText()).isEqualTo("echo-wa");
		assertThat(entries(Map.of("outcome", "outcome-unknown"))).as("every attempt settled").isEmpty();

		String csv = this.owner.get("/api/v1/audit/export?format=csv").body();
		assertThat(csv.lines().findFirst().orElseThrow()).endsWith(",phase,attemptSeq,settledBy,settledOutcome");
		assertThat(csv).contains(",attempt,," + outcome.path("seq").asLong() + ",success");
		String jsonl = this.owner.get("/api/v1/audit/export?format=jsonl").body();
		assertThat(jsonl).contains("\"phase\":\"attempt\"")
			.contains("\"attemptSeq\":" + attempt.path("seq").asLong())
			.doesNotContain("settled");
		assertThat(this.owner.get("/api/v1/audit/verify").json().path("ok").asBoolean()).isTrue();
	}

	@Test
	void withTheTrailFailingAtRandomNoCallReachesTheUpstreamUnrecorded() {
		Random random = new Random(14);
		FaultyDatabase.failStatements((statement) -> statement.startsWith("INSERT INTO tool_call_audit (")
				&& this.org.equals(statement.values().get(0)) && random.nextInt(100) < 30);
		List<Integer> made = new ArrayList<>();
		List<Integer> notMade = new ArrayList<>();
		List<Integer> withheld = new ArrayList<>();
		try (Mcp client = mcp(this.org, "owner")) {
			for (int i = 0; i < 100; i++) {
				Mcp.Result result = client.call("echo-wa__delete_item", Map.of("id", "item-" + i));
				if (!result.isError()) {
					assertThat(result.text()).contains("/v1/items/item-" + i);
					made.add(i);
				}
				else if (result.text().contains(NOT_MADE)) {
					notMade.add(i);
				}
				else {
					assertThat(result.text()).contains(WITHHELD);
					withheld.add(i);
				}
			}
		}
		int refused = FaultyDatabase.statementsFailed();
		FaultyDatabase.reset();
		assertThat(refused).isPositive();
		assertThat(notMade).as("calls refused before the upstream").isNotEmpty();
		assertThat(made).isNotEmpty();

		Set<String> reached = this.upstream.received()
			.stream()
			.map(FakeUpstream.Received::path)
			.collect(Collectors.toSet());
		assertThat(this.upstream.received()).as("each call reached the upstream at most once").hasSize(reached.size());
		assertThat(notMade).as("no call whose attempt could not be written reached the upstream")
			.allSatisfy((i) -> assertThat(reached).doesNotContain("/v1/items/item-" + i));
		List<String> answered = new ArrayList<>();
		made.forEach((i) -> answered.add("/v1/items/item-" + i));
		withheld.forEach((i) -> answered.add("/v1/items/item-" + i));
		assertThat(reached).containsExactlyInAnyOrderElementsOf(answered);

		List<JsonNode> entries = entries(Map.of("tool", "echo-wa__delete_item"));
		List<JsonNode> attempts = entries.stream().filter((e) -> e.path("phase").asText().equals("attempt")).toList();
		List<JsonNode> outcomes = entries.stream().filter((e) -> e.path("phase").asText().equals("outcome")).toList();
		assertThat(attempts).as("every call that reached the upstream has its attempt entry").hasSize(reached.size());
		assertThat(outcomes).as("every answered call has its outcome entry").hasSize(made.size());
		assertThat(entries(Map.of("outcome", "outcome-unknown"))).as("withheld outcomes read outcome-unknown")
			.hasSize(withheld.size());
		assertThat(entries).filteredOn((e) -> e.path("phase").asText(null) == null)
			.as("refused calls the trail could still record: one entry each, not made")
			.hasSizeLessThanOrEqualTo(notMade.size())
			.allSatisfy((e) -> assertThat(e.path("errorCode").asText()).isEqualTo("audit-unavailable"));
		JsonNode verification = this.owner.get("/api/v1/audit/verify").json();
		assertThat(verification.path("ok").asBoolean()).as(verification.toString()).isTrue();
	}

	private List<JsonNode> entries(Map<String, String> filters) {
		StringBuilder path = new StringBuilder("/api/v1/audit?limit=500");
		filters.forEach((key, value) -> path.append('&').append(key).append('=').append(value));
		List<JsonNode> entries = new ArrayList<>();
		this.owner.get(path.toString()).json().path("entries").forEach(entries::add);
		return entries;
	}

}
