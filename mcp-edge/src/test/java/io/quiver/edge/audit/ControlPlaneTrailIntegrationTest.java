package io.quiver.edge.audit;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.Mcp;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Control-plane changes are audited by their events (SPEC R10.3): a role change and
 * restriction changes made through REST by the OWNER and through MCP by an ADMIN are all
 * in {@code GET /api/v1/audit/changes} with who (member id, subject, edge), what (event,
 * target aggregate), when (within the step that made it), and the role or rules before
 * and after.
 */
class ControlPlaneTrailIntegrationTest extends QuiverIntegrationTest {

	@Test
	void restAndMcpChangesAreListedWithWhoWhatWhenBeforeAndAfter() {
		String org = this.organizations.create("cp-trail");
		Rest owner = rest(org, "owner");
		OrgAdmin admin = new OrgAdmin(owner);
		admin.invite("carol", "ADMIN");
		admin.invite("alice", "MEMBER");
		String ownerId = memberId(owner, "owner");
		String carolId = memberId(owner, "carol");
		String aliceId = memberId(owner, "alice");
		Instant start = Instant.now();

		Step promote = step(() -> expect(owner.put("/api/v1/members/alice/role", Map.of("role", "ADMIN")), 200));
		Step restrict = step(() -> expect(owner.post("/api/v1/restrictions",
				Map.of("target", "role:MEMBER", "block", List.of("connector:github"))), 201));
		String restrictionId = owner.get("/api/v1/restrictions?target=role:MEMBER")
			.json()
			.get(0)
			.path("restrictionId")
			.asText();
		Step demote;
		Step widen;
		try (Mcp carol = mcp(org, "carol")) {
			demote = step(() -> succeed(
					carol.call("quiver__members__change_role", Map.of("member", "alice", "role", "MEMBER"))));
			widen = step(() -> succeed(carol.call("quiver__restrictions__update",
					Map.of("restriction", restrictionId, "block", List.of("connector:github", "connector:slack")))));
		}
		Step lift = step(() -> expect(owner.delete("/api/v1/restrictions/" + restrictionId), 200, 204));

		Rest.Response response = owner.get("/api/v1/audit/changes?from=" + start);
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		List<JsonNode> changes = new ArrayList<>();
		response.json().forEach(changes::add);
		assertThat(changes).extracting((c) -> c.path("eventType").asText())
			.containsExactly("MemberRoleChangedEvent", "RestrictionCreatedEvent", "MemberRoleChangedEvent",
					"RestrictionUpdatedEvent", "RestrictionDeletedEvent");

		JsonNode promoted = changes.get(0);
		assertWho(promoted, ownerId, "owner", "rest");
		assertWhatWhen(promoted, aliceId, promote);
		assertThat(promoted.path("summary").path("from").asText()).isEqualTo("MEMBER");
		assertThat(promoted.path("summary").path("to").asText()).isEqualTo("ADMIN");

		JsonNode created = changes.get(1);
		assertWho(created, ownerId, "owner", "rest");
		assertWhatWhen(created, restrictionId, restrict);
		assertThat(written(created.path("summary").path("rules").path("block"))).containsExactly("connector:github");

		JsonNode demoted = changes.get(2);
		assertWho(demoted, carolId, "carol", "mcp");
		assertWhatWhen(demoted, aliceId, demote);
		assertThat(demoted.path("summary").path("from").asText()).isEqualTo("ADMIN");
		assertThat(demoted.path("summary").path("to").asText()).isEqualTo("MEMBER");

		JsonNode widened = changes.get(3);
		assertWho(widened, carolId, "carol", "mcp");
		assertWhatWhen(widened, restrictionId, widen);
		assertThat(written(widened.path("summary").path("before").path("block"))).containsExactly("connector:github");
		assertThat(written(widened.path("summary").path("after").path("block"))).containsExactly("connector:github",
				"connector:slack");

		JsonNode lifted = changes.get(4);
		assertWho(lifted, ownerId, "owner", "rest");
		assertWhatWhen(lifted, restrictionId, lift);
		assertThat(written(lifted.path("summary").path("before").path("block"))).containsExactly("connector:github",
				"connector:slack");

		try (Mcp carol = mcp(org, "carol")) {
			assertThat(carol.toolNames()).as("the changes are read through REST; there is no MCP tool for them")
				.doesNotContain("quiver__audit__changes");
		}
	}

	private static void assertWho(JsonNode change, String memberId, String subject, String via) {
		assertThat(change.path("actorMember").asText()).as(change.toString()).isEqualTo(memberId);
		assertThat(change.path("actorSubject").asText()).isEqualTo(subject);
		assertThat(change.path("via").asText()).isEqualTo(via);
	}

	private static void assertWhatWhen(JsonNode change, String aggregateId, Step step) {
		assertThat(change.path("aggregateId").asText()).as(change.toString()).isEqualTo(aggregateId);
		Instant at = Instant.parse(change.path("at").asText());
		assertThat(at).isBetween(step.before(), step.after());
	}

	private static List<String> written(JsonNode items) {
		List<String> written = new ArrayList<>();
		items.forEach((item) -> written.add(item.path("written").asText()));
		return written;
	}

	private static String memberId(Rest rest, String subject) {
		return rest.get("/api/v1/members/" + subject).json().path("memberId").asText();
	}

	private static Step step(Runnable action) {
		Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		action.run();
		return new Step(before, Instant.now());
	}

	private static void succeed(Mcp.Result result) {
		assertThat(result.isError()).as(result.text()).isFalse();
	}

	private static void expect(Rest.Response response, Integer... statuses) {
		assertThat(response.status()).as(response.body()).isIn((Object[]) statuses);
	}

	/** When a step ran: the event it made is stamped between these instants. */
	record Step(Instant before, Instant after) {
	}

}
