package io.quiver.edge.audit;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Auditors filter the trail (SPEC R10.5) by member (id or subject), tool, connection (id
 * or account label), outcome, from and to, and page through it with the cursor; REST
 * {@code GET /api/v1/audit} and MCP {@code quiver__audit__list} answer the same entries
 * for the same filters, and each filter keeps exactly the entries it should; the export,
 * as JSON lines and CSV, applies the same filters.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuditFiltersIntegrationTest extends QuiverIntegrationTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	private String aliceId;

	private String bobConnection;

	private Instant between;

	private Instant end;

	private List<JsonNode> all;

	@BeforeAll
	void story() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("audit-filters");
		this.owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.collapseThreshold(0);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		admin.invite("alice", "MEMBER");
		admin.invite("bob", "MEMBER");
		this.aliceId = this.owner.get("/api/v1/members/alice").json().path("memberId").asText();
		OrgAdmin.connect(rest(this.org, "alice"), "echo", "echo-alice");
		this.bobConnection = OrgAdmin.connect(rest(this.org, "bob"), "echo", "echo-bob");

		try (Mcp alice = mcp(this.org, "alice")) {
			succeed(alice.call("echo-alice__get_item", Map.of("id", "1")));
			succeed(alice.execute("echo-alice__get_item", Map.of("id", "2")));
			succeed(alice.call("echo-alice__create_item", Map.of("title", "t")));
			this.upstream.reply(500, "{\"error\":\"down\"}");
			assertThat(alice.call("echo-alice__delete_item", Map.of("id", "3")).isError()).isTrue();
		}
		this.between = Instant.now();
		this.upstream.reply(200, "{\"ok\":true}");
		try (Mcp bob = mcp(this.org, "bob")) {
			succeed(bob.call("echo-bob__get_item", Map.of("id", "4")));
			assertThat(bob.call("echo-alice__get_item", Map.of("id", "5")).isError()).as("not bob's account").isTrue();
			assertThat(bob.call("no_such_tool", Map.of()).isError()).isTrue();
		}
		this.end = Instant.now();
		this.all = rest(Map.of("to", this.end.toString())).entries();
		// the create and the delete are each an attempt and its outcome (R10.7)
		assertThat(this.all).hasSize(9);
	}

	@AfterAll
	void stop() {
		this.upstream.close();
	}

	@Test
	void byMemberIdOrSubject() {
		Predicate<JsonNode> alice = (e) -> e.path("subject").asText().equals("alice");
		assertFilter(Map.of("member", "alice"), alice, 6);
		assertFilter(Map.of("member", this.aliceId), alice, 6);
		assertFilter(Map.of("member", "bob"), (e) -> e.path("subject").asText().equals("bob"), 3);
		assertThat(this.all).filteredOn(alice)
			.allSatisfy((e) -> assertThat(e.path("memberId").asText()).isEqualTo(this.aliceId));
	}

	@Test
	void byTool() {
		assertFilter(Map.of("tool", "echo-alice__get_item"),
				(e) -> e.path("resolvedTool").asText().equals("echo-alice__get_item"), 3);
		assertFilter(Map.of("tool", "no_such_tool"), (e) -> e.path("requestedName").asText().equals("no_such_tool"), 1);
	}

	@Test
	void byConnectionIdOrAccount() {
		Predicate<JsonNode> bobs = (e) -> e.path("account").asText().equals("echo-bob");
		assertFilter(Map.of("connection", "echo-bob"), bobs, 1);
		assertFilter(Map.of("connection", this.bobConnection), bobs, 1);
		assertFilter(Map.of("connection", "echo-alice"), (e) -> e.path("account").asText().equals("echo-alice"), 4);
	}

	@Test
	void byOutcome() {
		assertFilter(Map.of("outcome", "success"), outcome("success"), 4);
		assertFilter(Map.of("outcome", "error"), outcome("error"), 1);
		assertFilter(Map.of("outcome", "denied"), outcome("denied"), 1);
		assertFilter(Map.of("outcome", "unknown"), outcome("unknown"), 1);
		assertFilter(Map.of("outcome", "outcome-unknown"), (e) -> false, 0);
	}

	@Test
	void byTime() {
		Predicate<JsonNode> afterwards = (e) -> !Instant.parse(e.path("at").asText()).isBefore(this.between);
		assertFilter(Map.of("from", this.between.toString()), afterwards, 3);
		assertFilter(Map.of("to", this.between.toString()), afterwards.negate(), 6);
		assertFilter(Map.of("member", "alice", "from", this.between.toString()), (e) -> false, 0);
	}

	@Test
	void pagesWithTheCursorNewestFirstWithoutGapsOrRepeats() {
		List<String> expected = ids(this.all);
		assertThat(this.all).extracting((e) -> e.path("seq").asLong())
			.isSortedAccordingTo((a, b) -> Long.compare(b, a));
		for (boolean viaMcp : List.of(false, true)) {
			List<String> paged = new ArrayList<>();
			String cursor = null;
			int pages = 0;
			do {
				Map<String, Object> filters = new HashMap<>(Map.of("to", this.end.toString(), "limit", 2));
				if (cursor != null) {
					filters.put("cursor", cursor);
				}
				Page page = viaMcp ? mcp(filters) : rest(filters);
				assertThat(page.entries()).hasSizeLessThanOrEqualTo(2);
				paged.addAll(ids(page.entries()));
				cursor = page.nextCursor();
				pages++;
			}
			while (cursor != null);
			assertThat(paged).as(viaMcp ? "MCP" : "REST").containsExactlyElementsOf(expected);
			assertThat(pages).isEqualTo(5);
		}
		assertThat(this.owner.get("/api/v1/audit?cursor=not-a-cursor").status()).isEqualTo(400);
	}

	@Test
	void theExportAppliesTheSameFiltersOldestFirst() throws Exception {
		String query = "member=alice&to=" + this.end;
		List<String> listed = new ArrayList<>(
				ids(rest(Map.of("member", "alice", "to", this.end.toString())).entries()));
		Collections.reverse(listed);
		assertThat(listed).hasSize(6);

		Rest.Response jsonl = this.owner.get("/api/v1/audit/export?format=jsonl&" + query);
		assertThat(jsonl.status()).as(jsonl.body()).isEqualTo(200);
		assertThat(jsonl.header("Content-Type")).startsWith("application/x-ndjson");
		List<String> exported = new ArrayList<>();
		for (String line : jsonl.body().split("\n")) {
			exported.add(JSON.readTree(line).path("entryId").asText());
		}
		assertThat(exported).containsExactlyElementsOf(listed);

		Rest.Response csv = this.owner.get("/api/v1/audit/export?format=csv&" + query);
		assertThat(csv.status()).as(csv.body()).isEqualTo(200);
		assertThat(csv.header("Content-Type")).startsWith("text/csv");
		String[] lines = csv.body().split("\n");
		assertThat(lines[0]).startsWith("seq,entryId,at,memberId,subject,");
		assertThat(List.of(lines).subList(1, lines.length)).extracting((line) -> line.split(",")[1])
			.containsExactlyElementsOf(listed);
		assertThat(this.owner.get("/api/v1/audit/export?format=xml").status()).isEqualTo(400);
	}

	/**
	 * The filter through REST and MCP keeps exactly the entries of the whole trail the
	 * predicate keeps, and that many.
	 */
	private void assertFilter(Map<String, Object> filters, Predicate<JsonNode> keeps, int count) {
		Map<String, Object> bounded = new LinkedHashMap<>(filters);
		bounded.putIfAbsent("to", this.end.toString());
		List<String> expected = ids(this.all.stream().filter(keeps).toList());
		assertThat(expected).as("%s", filters).hasSize(count);
		assertThat(ids(rest(bounded).entries())).as("REST %s", filters).containsExactlyElementsOf(expected);
		assertThat(ids(mcp(bounded).entries())).as("MCP %s", filters).containsExactlyElementsOf(expected);
	}

	private Page rest(Map<String, Object> filters) {
		String query = filters.entrySet()
			.stream()
			.map((e) -> e.getKey() + "=" + e.getValue())
			.collect(Collectors.joining("&"));
		Rest.Response response = this.owner.get("/api/v1/audit?" + query);
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		return page(response.json());
	}

	private Page mcp(Map<String, Object> filters) {
		try (Mcp client = mcp(this.org, "owner")) {
			Mcp.Result result = client.call("quiver__audit__list", filters);
			assertThat(result.isError()).as(result.text()).isFalse();
			return page(result.structured());
		}
	}

	private static Page page(JsonNode json) {
		List<JsonNode> entries = new ArrayList<>();
		json.path("entries").forEach(entries::add);
		JsonNode next = json.path("nextCursor");
		return new Page(entries, next.isTextual() ? next.asText() : null);
	}

	private static Predicate<JsonNode> outcome(String outcome) {
		return (e) -> e.path("outcome").asText().equals(outcome);
	}

	private static List<String> ids(List<JsonNode> entries) {
		return entries.stream().map((e) -> e.path("entryId").asText()).toList();
	}

	private static void succeed(Mcp.Result result) {
		assertThat(result.isError()).as(result.text()).isFalse();
	}

	/** One page of the trail. */
	record Page(List<JsonNode> entries, String nextCursor) {
	}

}
