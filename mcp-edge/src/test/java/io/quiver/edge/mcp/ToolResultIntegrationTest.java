package io.quiver.edge.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.support.FakeUpstream;
import io.quiver.support.McpWire;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a {@code tools/call} answers (SPEC R12.1, R5.4, R6.7): a successful result carries
 * {@code structuredContent} and the same JSON as text; {@code search_tools} answers rows
 * of a fixed shape; and a row stays bounded however many accounts back its tool.
 */
class ToolResultIntegrationTest extends QuiverIntegrationTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private FakeUpstream upstream;

	private String org;

	private OrgAdmin admin;

	private McpWire alice;

	@BeforeEach
	void aliceConnectsEcho() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("results");
		this.admin = new OrgAdmin(rest(this.org, "owner"));
		this.admin.invite("alice", "MEMBER");
		this.admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		OrgAdmin.connect(rest(this.org, "alice"), "echo", "echo-alice");
		this.admin.collapseThreshold(0);
		this.alice = new McpWire(baseUrl(), this.organizations.token(this.org, "alice"));
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void everySuccessfulResultCarriesStructuredContentAndTheSameAsText() throws Exception {
		assertStructuredAndText(call("quiver__org__get", Map.of()));
		assertStructuredAndText(call("quiver__connections__list", Map.of()));
		assertStructuredAndText(call("search_tools", Map.of("query", "get item")));
		assertStructuredAndText(call("echo-alice__get_item", Map.of("id", "7")));
		assertStructuredAndText(
				call("execute_tool", Map.of("name", "echo-alice__get_item", "arguments", Map.of("id", "7"))));

		this.upstream.reply("[{\"id\":1,\"title\":\"first\"},{\"id\":2,\"title\":\"second\"}]");
		JsonNode array = call("echo-alice__get_item", Map.of("id", "7"));
		assertStructuredAndText(array);
		assertThat(array.path("structuredContent").path("items")).hasSize(2);

		this.upstream.reply("{\"title\":\"a page\",\"nested\":{\"ok\":true}}");
		assertThat(call("echo-alice__get_item", Map.of("id", "7")).path("structuredContent")
			.path("nested")
			.path("ok")
			.asBoolean()).isTrue();
	}

	@Test
	void searchToolsAnswersRowsOfAFixedShape() {
		JsonNode found = call("search_tools", Map.of("query", "create item")).path("structuredContent");
		assertThat(fieldNames(found)).contains("results", "setAside", "unmatched");
		assertThat(found.path("setAside").isArray()).isTrue();
		assertThat(found.path("unmatched").isArray()).isTrue();
		assertThat(found.path("results")).isNotEmpty().allSatisfy((row) -> {
			assertThat(fieldNames(row)).containsExactly("name", "description", "inputSchema", "connector");
			assertThat(row.path("inputSchema").path("type").asText()).isEqualTo("object");
			assertThat(row.path("connector").asText()).isEqualTo("Echo");
		});
		assertThat(found.path("results").findValuesAsText("name")).contains("echo-alice__create_item");

		JsonNode nothing = call("search_tools", Map.of("query", "list_all_cal_com_schedules"))
			.path("structuredContent");
		assertThat(nothing.path("results")).isEmpty();
		assertThat(nothing.path("unmatched").isArray()).isTrue();
		assertThat(nothing.path("setAside").isArray()).isTrue();
	}

	@Test
	void anEmptyAnswerSaysWhatWouldHelp() {
		JsonNode unconnected = call("search_tools", Map.of("query", "list_all_cal_com_schedules"))
			.path("structuredContent");
		assertThat(unconnected.path("results")).isEmpty();
		assertThat(unconnected.path("notConnected").asText()).isEqualTo("Cal.com");
		assertThat(unconnected.path("message").asText()).contains("Connect Cal.com first");
		assertThat(unconnected.has("nearest")).isFalse();

		JsonNode misspelled = call("search_tools", Map.of("query", "get_itme_detail")).path("structuredContent");
		assertThat(misspelled.path("results")).isEmpty();
		assertThat(misspelled.path("nearest")).hasSizeBetween(1, 3);
		assertThat(misspelled.path("nearest").get(0).asText()).isEqualTo("echo-alice__get_item");
		assertThat(misspelled.path("message").asText())
			.contains("nearest tool names you can call: echo-alice__get_item")
			.contains("itme, detail match no tool you can see");

		JsonNode generic = call("search_tools", Map.of("query", "get the weather in Tokyo")).path("structuredContent");
		assertThat(generic.path("results")).isEmpty();
		assertThat(generic.path("message").asText()).contains("only the generic verb get");
	}

	@Test
	void aRowForAToolBackedByFiftyAccountsIsBounded() {
		List<String> accounts = new ArrayList<>();
		for (int i = 1; i <= 50; i++) {
			String label = String.format("echo-acct-%02d", i);
			OrgAdmin.connect(this.admin.rest(), "echo", label);
			accounts.add(label);
		}
		this.admin.createToolbox("fifty");
		this.admin.addEntry("fifty", "echo.get_item", accounts, null);
		this.admin.grant("fifty", "role:MEMBER");
		this.admin.createToolbox("six");
		this.admin.addEntry("six", "echo.get_item", accounts.subList(0, 6), null);
		this.admin.grant("six", "role:MEMBER");
		this.admin.createToolbox("two");
		this.admin.addEntry("two", "echo.get_item", accounts.subList(0, 2), null);
		this.admin.grant("two", "role:MEMBER");

		JsonNode rows = call("search_tools", Map.of("query", "get item", "limit", 50)).path("structuredContent")
			.path("results");
		JsonNode single = row(rows, "echo-alice__get_item");
		JsonNode two = row(rows, "two__get_item");
		JsonNode six = row(rows, "six__get_item");
		JsonNode fifty = row(rows, "fifty__get_item");

		assertThat(single.has("accounts")).as("one account: no account list").isFalse();
		assertThat(single.has("accountCount")).isFalse();
		assertThat(two.path("accounts")).hasSize(2);
		assertThat(two.path("accountCount").asInt()).isEqualTo(2);
		assertThat(fifty.path("accounts")).hasSize(5);
		assertThat(fifty.path("accountCount").asInt()).isEqualTo(50);
		assertThat(fifty.path("inputSchema").path("properties").path("connection").has("enum"))
			.as("fifty labels are not listed in the schema")
			.isFalse();
		assertThat(fifty.path("inputSchema").path("required").toString()).contains("connection");

		int fiftyAccounts = fifty.toString().length();
		int oneAccount = single.toString().length();
		int sixAccounts = six.toString().length();
		System.out.printf("search_tools row bytes: 1 account %d, 2 accounts %d, 6 accounts %d, 50 accounts %d%n",
				oneAccount, two.toString().length(), sixAccounts, fiftyAccounts);
		// Naming accounts costs a fixed few hundred bytes (at most five labels, a count,
		// the
		// connection argument), whatever their number: far from fifty times one account's
		// row.
		assertThat((double) fiftyAccounts / oneAccount).as("50-account row / 1-account row").isLessThan(5.0);
		assertThat(fiftyAccounts - sixAccounts).as("the row does not grow past five accounts").isLessThan(64);
	}

	/**
	 * A row is written once per surface and state and then reused: a change of the tool
	 * behind it answers the new row at once, in the text as in the structured content.
	 */
	@Test
	void aRowFollowsAChangeOfItsTool() throws Exception {
		List<String> accounts = List.of("echo-acct-1", "echo-acct-2", "echo-acct-3");
		accounts.forEach((label) -> OrgAdmin.connect(this.admin.rest(), "echo", label));
		this.admin.createToolbox("shared");
		this.admin.addEntry("shared", "echo.get_item", accounts.subList(0, 2), null);
		this.admin.grant("shared", "role:MEMBER");
		JsonNode before = call("search_tools", Map.of("query", "get item", "limit", 50));
		assertThat(
				row(before.path("structuredContent").path("results"), "shared__get_item").path("accountCount").asInt())
			.isEqualTo(2);
		assertStructuredAndText(call("search_tools", Map.of("query", "get item", "limit", 50)));

		String entry = this.admin.rest()
			.get("/api/v1/toolboxes/shared")
			.json()
			.path("entries")
			.get(0)
			.path("entryId")
			.asText();
		Rest.Response updated = this.admin.rest()
			.put("/api/v1/toolboxes/shared/entries/" + entry,
					Map.of("operation", "echo.get_item", "connections", accounts));
		assertThat(updated.status()).as(updated.body()).isEqualTo(200);

		JsonNode after = call("search_tools", Map.of("query", "get item", "limit", 50));
		assertThat(
				row(after.path("structuredContent").path("results"), "shared__get_item").path("accountCount").asInt())
			.isEqualTo(3);
		assertStructuredAndText(after);
	}

	private JsonNode call(String name, Map<String, Object> arguments) {
		JsonNode result = this.alice.result("tools/call", Map.of("name", name, "arguments", arguments));
		assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
		return result;
	}

	private static void assertStructuredAndText(JsonNode result) throws Exception {
		assertThat(result.path("structuredContent").isObject()).as(result.toString()).isTrue();
		assertThat(result.path("content")).hasSize(1);
		JsonNode text = result.path("content").get(0);
		assertThat(text.path("type").asText()).isEqualTo("text");
		assertThat(JSON.readTree(text.path("text").asText())).isEqualTo(result.path("structuredContent"));
	}

	private static JsonNode row(JsonNode rows, String name) {
		for (JsonNode row : rows) {
			if (row.path("name").asText().equals(name)) {
				return row;
			}
		}
		throw new AssertionError("no row for " + name + " in " + rows.findValuesAsText("name"));
	}

	private static List<String> fieldNames(JsonNode node) {
		List<String> names = new ArrayList<>();
		node.fieldNames().forEachRemaining(names::add);
		return names;
	}

}
