package io.quiver.edge.restriction;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.McpWire;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compliance replay (SPEC R11): a scripted history through the real API (restriction
 * created, a user override, a restriction updated through MCP, a role change, a
 * suspension and reinstatement, a toolbox grant revoked, a connection made, restrictions
 * deleted). After every step the live system's answers are recorded: each member's
 * {@code tools/list}, the effective restrictions of each member and of the role, and the
 * explanation of two tools. Afterwards the answers as of each recorded instant, replayed
 * from the event store through REST {@code /api/v1/compliance/...} and MCP
 * {@code quiver__restrictions__effective|explain} with {@code at}, equal what was
 * recorded; the diff between two instants is the difference of the recorded lists; and
 * every restriction change is in the history with who, when, and the rules before and
 * after (R11.2).
 */
class ComplianceReplayIntegrationTest extends QuiverIntegrationTest {

	private static final List<String> MEMBERS = List.of("alice", "bob");

	private static final List<String> EXPLAINED = List.of("echo-alice__delete_item", "team__get_item");

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	private OrgAdmin admin;

	private final List<Moment> moments = new ArrayList<>();

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("replay");
		this.owner = rest(this.org, "owner");
		this.admin = new OrgAdmin(this.owner);
		this.admin.collapseThreshold(500);
		this.admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		this.admin.invite("alice", "MEMBER");
		this.admin.invite("bob", "MEMBER");
		OrgAdmin.connect(rest(this.org, "alice"), "echo", "echo-alice");
		OrgAdmin.connect(this.owner, "echo", "echo-team");
		this.admin.createToolbox("team");
		this.admin.addEntry("team", "echo.get_item", List.of("echo-team"), null);
		this.admin.grant("team", "role:MEMBER");
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void theAnswersAsOfEachInstantAreWhatTheLiveSystemAnsweredThen() {
		record("start");
		Step created = step("role restriction created",
				() -> this.admin.block("role:MEMBER", List.of("tool:echo.delete_item")));
		String roleRestriction = restrictionOf("role:MEMBER");
		Step override = step("user override for alice", () -> expect(this.owner.post("/api/v1/restrictions",
				Map.of("target", "user:alice", "allow", List.of("connector:echo"))), 201));
		String aliceRestriction = restrictionOf("user:alice");
		Step updated = step("role restriction updated through MCP", () -> {
			try (Mcp client = mcp(this.org, "owner")) {
				Mcp.Result result = client.call("quiver__restrictions__update", Map.of("restriction", roleRestriction,
						"block", List.of("tool:echo.delete_item", "tool:echo.create_item")));
				assertThat(result.isError()).as(result.text()).isFalse();
			}
		});
		step("alice made ADMIN",
				() -> expect(this.owner.put("/api/v1/members/alice/role", Map.of("role", "ADMIN")), 200));
		step("bob suspended", () -> expect(this.owner.post("/api/v1/members/bob/suspend", null), 200));
		step("bob reinstated", () -> expect(this.owner.post("/api/v1/members/bob/reinstate", null), 200));
		step("toolbox grant revoked",
				() -> expect(this.owner.delete("/api/v1/toolboxes/team/grants/role:MEMBER"), 200, 204));
		step("bob connects", () -> OrgAdmin.connect(rest(this.org, "bob"), "echo", "echo-bob"));
		Step lifted = step("user override deleted",
				() -> expect(this.owner.delete("/api/v1/restrictions/" + aliceRestriction), 200, 204));
		step("role restriction deleted",
				() -> expect(this.owner.delete("/api/v1/restrictions/" + roleRestriction), 200, 204));

		assertThat(this.moments.stream().map((m) -> m.state().get("tools:bob")).distinct().count())
			.as("the history changed what bob could reach")
			.isGreaterThan(3);
		for (Moment moment : this.moments) {
			assertThat(asOf(moment.at())).as("as of %s (%s)", moment.at(), moment.label()).isEqualTo(moment.state());
		}

		assertDiff("alice", this.moments.get(1), this.moments.get(4));
		assertDiff("bob", this.moments.get(0), this.moments.get(5));
		assertDiff("bob", this.moments.get(6), this.moments.get(8));

		assertHistory(roleRestriction, aliceRestriction, created, override, updated, lifted);
	}

	/** The live answers now, without the field that names the instant. */
	private void record(String label) {
		Map<String, Object> state = new LinkedHashMap<>();
		for (String member : MEMBERS) {
			state.put("tools:" + member, toolsList(member));
			state.put("effective:" + member, strip(this.owner.get("/api/v1/compliance/effective?member=" + member)));
		}
		state.put("effective:role:MEMBER", strip(this.owner.get("/api/v1/compliance/effective?target=role:MEMBER")));
		for (String tool : EXPLAINED) {
			state.put("explain:alice:" + tool,
					strip(this.owner.get("/api/v1/compliance/explain?member=alice&tool=" + tool)));
		}
		this.moments.add(new Moment(label, Instant.now(), state));
	}

	/**
	 * The same questions as of an instant, through REST and MCP; the two edges must
	 * agree.
	 */
	private Map<String, Object> asOf(Instant at) {
		Map<String, Object> state = new LinkedHashMap<>();
		try (Mcp client = mcp(this.org, "owner")) {
			for (String member : MEMBERS) {
				Rest.Response reach = this.owner.get("/api/v1/compliance/reachable?member=" + member + "&at=" + at);
				assertThat(reach.status()).as(reach.body()).isEqualTo(200);
				Set<String> tools = new TreeSet<>(strings(reach.json().path("tools")));
				state.put("tools:" + member, tools);
				JsonNode effective = strip(
						this.owner.get("/api/v1/compliance/effective?member=" + member + "&at=" + at));
				assertThat(strip(
						client.call("quiver__restrictions__effective", Map.of("member", member, "at", at.toString()))))
					.as("MCP effective for %s", member)
					.isEqualTo(effective);
				state.put("effective:" + member, effective);
			}
			JsonNode role = strip(this.owner.get("/api/v1/compliance/effective?target=role:MEMBER&at=" + at));
			assertThat(strip(client.call("quiver__restrictions__effective",
					Map.of("target", "role:MEMBER", "at", at.toString()))))
				.isEqualTo(role);
			state.put("effective:role:MEMBER", role);
			for (String tool : EXPLAINED) {
				JsonNode explained = strip(
						this.owner.get("/api/v1/compliance/explain?member=alice&tool=" + tool + "&at=" + at));
				assertThat(strip(client.call("quiver__restrictions__explain",
						Map.of("member", "alice", "tool", tool, "at", at.toString()))))
					.as("MCP explain of %s", tool)
					.isEqualTo(explained);
				state.put("explain:alice:" + tool, explained);
			}
		}
		return state;
	}

	private void assertDiff(String member, Moment from, Moment to) {
		Rest.Response response = this.owner
			.get("/api/v1/compliance/diff?member=" + member + "&from=" + from.at() + "&to=" + to.at());
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		Set<String> before = tools(from, member);
		Set<String> after = tools(to, member);
		Set<String> added = new TreeSet<>(after);
		added.removeAll(before);
		Set<String> removed = new TreeSet<>(before);
		removed.removeAll(after);
		assertThat(added.size() + removed.size()).as("the instants differ for %s: %s then %s", member, before, after)
			.isPositive();
		assertThat(strings(response.json().path("added"))).as("added").containsExactlyInAnyOrderElementsOf(added);
		assertThat(strings(response.json().path("removed"))).as("removed").containsExactlyInAnyOrderElementsOf(removed);
		assertThat(strip(response.json().path("rulesBefore"))).isEqualTo(from.state().get("effective:" + member));
		assertThat(strip(response.json().path("rulesAfter"))).isEqualTo(to.state().get("effective:" + member));
	}

	/**
	 * R11.2: each restriction change with who, when (within its step) and the rules
	 * before and after, through REST and MCP alike.
	 */
	private void assertHistory(String roleRestriction, String aliceRestriction, Step created, Step override,
			Step updated, Step lifted) {
		Rest.Response response = this.owner.get("/api/v1/restrictions/history");
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		List<JsonNode> changes = new ArrayList<>();
		response.json().forEach(changes::add);
		assertThat(changes).extracting((c) -> c.path("restrictionId").asText())
			.containsExactly(roleRestriction, aliceRestriction, roleRestriction, aliceRestriction, roleRestriction);
		assertThat(changes).extracting((c) -> c.path("change").asText())
			.containsExactly("CREATED", "CREATED", "UPDATED", "DELETED", "DELETED");
		assertThat(changes).allSatisfy((c) -> assertThat(c.path("actorSubject").asText()).isEqualTo("owner"));
		assertThat(changes).extracting((c) -> c.path("via").asText())
			.containsExactly("rest", "rest", "mcp", "rest", "rest");

		assertInside(changes.get(0), created);
		assertThat(changes.get(0).path("before").isMissingNode() || changes.get(0).path("before").isNull()).isTrue();
		assertThat(written(changes.get(0).path("after").path("block"))).containsExactly("tool:echo.delete_item");
		assertInside(changes.get(1), override);
		assertThat(written(changes.get(1).path("after").path("allow"))).containsExactly("connector:echo");
		assertInside(changes.get(2), updated);
		assertThat(written(changes.get(2).path("before").path("block"))).containsExactly("tool:echo.delete_item");
		assertThat(written(changes.get(2).path("after").path("block"))).containsExactly("tool:echo.delete_item",
				"tool:echo.create_item");
		assertInside(changes.get(3), lifted);
		assertThat(written(changes.get(3).path("before").path("allow"))).containsExactly("connector:echo");
		assertThat(written(changes.get(4).path("before").path("block"))).containsExactly("tool:echo.delete_item",
				"tool:echo.create_item");

		try (Mcp client = mcp(this.org, "owner")) {
			Mcp.Result history = client.call("quiver__restrictions__history", Map.of());
			assertThat(history.isError()).as(history.text()).isFalse();
			assertThat(history.structured().path("items")).isEqualTo(response.json());
		}
	}

	private static void assertInside(JsonNode change, Step step) {
		Instant at = Instant.parse(change.path("at").asText());
		assertThat(at).as(change.toString()).isBetween(step.before(), step.after());
	}

	private Set<String> toolsList(String member) {
		JsonNode tools = new McpWire(baseUrl(), this.organizations.token(this.org, member)).result("tools/list", null)
			.path("tools");
		Set<String> names = new TreeSet<>();
		tools.forEach((tool) -> names.add(tool.path("name").asText()));
		return names;
	}

	private Step step(String label, Runnable action) {
		Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		action.run();
		Step step = new Step(before, Instant.now());
		record(label);
		return step;
	}

	private String restrictionOf(String target) {
		JsonNode list = this.owner.get("/api/v1/restrictions?target=" + target).json();
		assertThat(list).hasSize(1);
		return list.get(0).path("restrictionId").asText();
	}

	@SuppressWarnings("unchecked")
	private static Set<String> tools(Moment moment, String member) {
		return (Set<String>) moment.state().get("tools:" + member);
	}

	private static JsonNode strip(Rest.Response response) {
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		return strip(response.json());
	}

	private static JsonNode strip(Mcp.Result result) {
		assertThat(result.isError()).as(result.text()).isFalse();
		return strip(result.structured());
	}

	/** The answer without its {@code at}, which says "now" live and the instant as of. */
	private static JsonNode strip(JsonNode answer) {
		ObjectNode copy = answer.deepCopy();
		copy.remove("at");
		return copy;
	}

	private static List<String> strings(JsonNode array) {
		List<String> values = new ArrayList<>();
		array.forEach((value) -> values.add(value.asText()));
		return values;
	}

	private static List<String> written(JsonNode items) {
		List<String> values = new ArrayList<>();
		items.forEach((item) -> values.add(item.path("written").asText()));
		return values;
	}

	private static void expect(Rest.Response response, Integer... statuses) {
		assertThat(response.status()).as(response.body()).isIn((Object[]) statuses);
	}

	/** What the live system answered at an instant, after a step. */
	record Moment(String label, Instant at, Map<String, Object> state) {
	}

	/** When a step ran. */
	record Step(Instant before, Instant after) {
	}

}
