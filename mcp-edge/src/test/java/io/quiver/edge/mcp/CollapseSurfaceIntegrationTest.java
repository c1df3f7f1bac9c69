package io.quiver.edge.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.FakeUpstream;
import io.quiver.support.McpWire;
import io.quiver.support.OpenApiDocs;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The advertised surface and its collapse (SPEC R5.2, R5.3, R5.5), stale meta-tool calls
 * and unknown names (R7.3, R7.4), for a MEMBER with one Notion-like connector of exactly
 * twenty operations: the surface collapses exactly when the count is above the
 * organisation's threshold, and a connected tool stays callable by name, with the same
 * checks, while it is collapsed.
 */
class CollapseSurfaceIntegrationTest extends QuiverIntegrationTest {

	private static final List<String> RESOURCES = List.of("page", "comment");

	private FakeUpstream upstream;

	private String org;

	private OrgAdmin admin;

	private McpWire alice;

	@BeforeEach
	void aliceConnectsNotes() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("collapse");
		this.admin = new OrgAdmin(rest(this.org, "owner"));
		this.admin.invite("alice", "MEMBER");
		this.admin.registerHttpConnector("notes", "Notes",
				OpenApiDocs.api(this.upstream.baseUrl(), "Notes", RESOURCES));
		OrgAdmin.connect(rest(this.org, "alice"), "notes", "notes-alice");
		this.alice = new McpWire(baseUrl(), this.organizations.token(this.org, "alice"));
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void theSurfaceCollapsesExactlyWhenTheCountIsAboveTheThreshold() {
		this.admin.collapseThreshold(10_000);
		List<String> flat = names(this.alice);
		List<String> connected = flat.stream().filter((name) -> name.startsWith("notes-alice__")).toList();
		List<String> controlPlane = flat.stream().filter((name) -> name.startsWith("quiver__")).toList();
		assertThat(connected).hasSize(20)
			.containsExactlyInAnyOrderElementsOf(
					OpenApiDocs.operationNames(RESOURCES).stream().map((op) -> "notes-alice__" + op).toList());
		assertThat(controlPlane).isNotEmpty()
			.contains("quiver__connections__create")
			.doesNotContain("quiver__members__invite", "quiver__org__update_settings", "quiver__audit__list");
		assertThat(flat).hasSize(controlPlane.size() + connected.size());
		int count = flat.size();

		this.admin.collapseThreshold(count);
		assertThat(names(this.alice)).as("count %d is not above threshold %d", count, count)
			.containsExactlyElementsOf(flat)
			.doesNotContain("search_tools", "execute_tool");

		this.admin.collapseThreshold(count - 1);
		List<String> collapsed = names(this.alice);
		assertThat(collapsed).as("count %d is above threshold %d", count, count - 1)
			.containsExactlyElementsOf(concat(controlPlane, List.of("search_tools", "execute_tool")))
			.noneMatch((name) -> name.startsWith("notes-alice__"));

		this.admin.collapseThreshold(0);
		assertThat(names(this.alice)).containsExactlyElementsOf(collapsed);
	}

	@Test
	void aCallerWithoutAConnectedToolIsNeverCollapsed() {
		this.admin.invite("bob", "MEMBER");
		this.admin.collapseThreshold(0);
		List<String> bob = names(new McpWire(baseUrl(), this.organizations.token(this.org, "bob")));
		assertThat(bob).isNotEmpty().allMatch((name) -> name.startsWith("quiver__"));
	}

	@Test
	void aConnectedToolCalledDirectlyWhileCollapsedWorksWithTheSameChecks() {
		this.admin.collapseThreshold(0);
		assertThat(names(this.alice)).contains("execute_tool").doesNotContain("notes-alice__get_page");

		JsonNode direct = call(this.alice, "notes-alice__get_page", Map.of("page_id", "p-1"));
		assertThat(direct.path("isError").asBoolean()).as(direct.toString()).isFalse();
		assertThat(direct.path("structuredContent").path("path").asText()).isEqualTo("/notes/pages/p-1");
		assertThat(execute(this.alice, "notes-alice__get_page", Map.of("page_id", "p-1"))).isEqualTo(direct);

		// Scope ladder: a read-only token reaches the read tool but not the write one,
		// either way.
		McpWire reader = new McpWire(baseUrl(), this.organizations.token(this.org, "alice", "mcp:read mcp:tools"));
		assertThat(call(reader, "notes-alice__get_page", Map.of("page_id", "p-1")).path("isError").asBoolean())
			.isFalse();
		JsonNode scopeDenied = call(reader, "notes-alice__create_page", Map.of("title", "t"));
		assertThat(scopeDenied.path("isError").asBoolean()).isTrue();
		assertThat(text(scopeDenied)).contains("scope").contains("mcp:write");
		assertThat(execute(reader, "notes-alice__create_page", Map.of("title", "t"))).isEqualTo(scopeDenied);

		// Argument validation applies to a direct call as it does through execute_tool.
		JsonNode invalid = call(this.alice, "notes-alice__get_page", Map.of("page_id", 42));
		assertThat(invalid.path("isError").asBoolean()).isTrue();
		assertThat(text(invalid)).contains("arguments");
		assertThat(execute(this.alice, "notes-alice__get_page", Map.of("page_id", 42))).isEqualTo(invalid);

		// A restriction withholds the tool from search and from both ways of calling it.
		this.admin.block("user:alice", List.of("tool:notes.delete_page"));
		JsonNode restricted = call(this.alice, "notes-alice__delete_page", Map.of("page_id", "p-1"));
		assertThat(restricted.path("isError").asBoolean()).isTrue();
		assertThat(text(restricted)).containsIgnoringCase("restriction");
		assertThat(execute(this.alice, "notes-alice__delete_page", Map.of("page_id", "p-1"))).isEqualTo(restricted);
		JsonNode search = call(this.alice, "search_tools", Map.of("query", "delete page", "limit", 50));
		assertThat(search.path("structuredContent").path("results").findValuesAsText("name"))
			.doesNotContain("notes-alice__delete_page");

		assertThat(this.upstream.received()).hasSize(3)
			.allSatisfy((request) -> assertThat(request.method()).isEqualTo("GET"));
	}

	@Test
	void searchAndExecuteWhileNotCollapsedAreStaleCallsAnsweredInBand() {
		this.admin.collapseThreshold(0);
		assertThat(names(this.alice)).contains("search_tools", "execute_tool");
		this.admin.collapseThreshold(10_000);

		Rest.Response search = this.alice.call("tools/call",
				Map.of("name", "search_tools", "arguments", Map.of("query", "create page")));
		assertThat(search.status()).isEqualTo(200);
		assertThat(search.json().has("error")).as("not a JSON-RPC error").isFalse();
		JsonNode searchResult = search.json().path("result");
		assertThat(searchResult.path("isError").asBoolean()).isTrue();
		assertThat(text(searchResult)).contains("cached before the threshold moved").contains("listed directly");

		JsonNode executed = execute(this.alice, "notes-alice__get_page", Map.of("page_id", "p-1"));
		assertThat(executed.path("isError").asBoolean()).isTrue();
		assertThat(text(executed)).contains("cached before the threshold moved").contains("listed directly");
		assertThat(this.upstream.received()).isEmpty();

		JsonNode audit = this.admin.rest().get("/api/v1/audit?member=alice&limit=2").json().path("entries");
		assertThat(audit).hasSize(2).allSatisfy((entry) -> {
			assertThat(entry.path("gate").asText()).isEqualTo("collapse");
			assertThat(entry.path("decision").asText()).isEqualTo("denied");
		});
	}

	@Test
	void anUnknownNameListsUpToTwentyExistingNamesClosestFirstAndTheRoleAndScopeNote() {
		this.admin.collapseThreshold(10_000);
		List<String> flat = names(this.alice);
		assertThat(flat).hasSizeGreaterThan(20);
		List<String> callable = concat(flat, List.of("search_tools", "execute_tool"));

		for (int threshold : List.of(10_000, 0)) {
			this.admin.collapseThreshold(threshold);
			Rest.Response response = this.alice.call("tools/call",
					Map.of("name", "notes-alice__get_pag", "arguments", Map.of()));
			assertThat(response.json().has("error")).as("not a JSON-RPC error").isFalse();
			JsonNode unknown = response.json().path("result");
			assertThat(unknown.path("isError").asBoolean()).isTrue();
			String text = text(unknown);
			assertThat(text).contains("'notes-alice__get_pag'")
				.contains("role")
				.contains("scopes")
				.contains("permissions gap");
			List<String> listed = listedNames(text);
			assertThat(listed).as(text).hasSize(20).doesNotHaveDuplicates();
			assertThat(listed.get(0)).as("closest first").isEqualTo("notes-alice__get_page");
			assertThat(callable).containsAll(listed);
			if (threshold == 0) {
				assertThat(execute(this.alice, "notes-alice__get_pag", Map.of())).isEqualTo(unknown);
			}
		}
	}

	@Test
	void searchToolsNeverReturnsAControlPlaneOperation() {
		this.admin.collapseThreshold(0);
		for (String query : List.of("create connection", "quiver__connections__create", "list connections",
				"get page")) {
			JsonNode result = call(this.alice, "search_tools", Map.of("query", query, "limit", 50));
			assertThat(result.path("isError").asBoolean()).isFalse();
			assertThat(result.path("structuredContent").path("results").findValuesAsText("name")).as(query)
				.noneMatch((name) -> name.startsWith("quiver__"));
		}
		List<JsonNode> searchTools = new ArrayList<>();
		this.alice.result("tools/list", null)
			.path("tools")
			.forEach((tool) -> searchTools
				.addAll(tool.path("name").asText().equals("search_tools") ? List.of(tool) : List.of()));
		assertThat(searchTools).singleElement().satisfies((tool) -> {
			// the description says what it never returns and how to query (issue 16)
			assertThat(tool.path("description").asText()).contains("never returns")
				.contains("control-plane")
				.contains("the action and the object")
				.contains("the app's name when you know it")
				.contains("leave out argument values");
			assertThat(tool.path("inputSchema").path("properties").path("query").path("description").asText())
				.contains("The action and the object");
		});
	}

	private static List<String> names(McpWire wire) {
		List<String> names = new ArrayList<>();
		wire.result("tools/list", null).path("tools").forEach((tool) -> names.add(tool.path("name").asText()));
		return names;
	}

	private static JsonNode call(McpWire wire, String name, Map<String, Object> arguments) {
		return wire.result("tools/call", Map.of("name", name, "arguments", arguments));
	}

	private static JsonNode execute(McpWire wire, String name, Map<String, Object> arguments) {
		return call(wire, "execute_tool", Map.of("name", name, "arguments", arguments));
	}

	private static String text(JsonNode result) {
		return result.path("content").get(0).path("text").asText();
	}

	/** The names listed after "closest first:" in an unknown-name answer. */
	private static List<String> listedNames(String text) {
		int start = text.indexOf("closest first: ");
		assertThat(start).as(text).isPositive();
		String rest = text.substring(start + "closest first: ".length());
		int end = rest.indexOf(". ");
		String list = rest.substring(0, end).replaceAll(" \\(\\d+ more\\)$", "");
		return List.of(list.split(", "));
	}

	private static List<String> concat(List<String> first, List<String> second) {
		List<String> all = new ArrayList<>(first);
		all.addAll(second);
		return all;
	}

}
