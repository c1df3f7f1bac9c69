package io.quiver.edge.call;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Toolbox entries as advertised and as executed (SPEC R4.3): frozen keys are stripped
 * from the schema and named at the end of the description; arguments are defaults, then
 * the caller's, then frozen, as the upstream receives them; an argument shadowing a
 * frozen key in any spelling, or renamed onto its place, and an undeclared argument of an
 * http operation are refused in band and never reach the upstream (R7.8); an entry backed
 * by several accounts is one tool with a required {@code connection} enum and scaffolding
 * naming the accounts.
 */
class FrozenArgumentsIntegrationTest extends QuiverIntegrationTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("frozen");
		this.owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.collapseThreshold(10_000);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		for (String account : List.of("work", "personal", "legal", "ops", "sales")) {
			expect(this.owner.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-" + account,
					"credential", Map.of("type", "bearer", "token", "token-of-" + account))), 201);
		}
		admin.invite("alice", "MEMBER");
		expect(this.owner.post("/api/v1/toolboxes", Map.of("name", "hr")), 201);
		expect(this.owner.post("/api/v1/toolboxes/hr/grants", Map.of("target", "role:MEMBER")), 200);
		addEntry(Map.of("operation", "echo.create_item", "connections", List.of("echo-work"), "defaults",
				Map.of("title", "Untitled", "folder_id", "DEFAULT"), "frozen", Map.of("folder_id", "HR")));
		addEntry(Map.of("operation", "echo.get_item", "connections", List.of("echo-work"), "frozen",
				Map.of("id", "42")));
		addEntry(Map.of("operation", "echo.delete_item", "name", "hr__pick_delete", "connections",
				List.of("echo-work", "echo-personal")));
		addEntry(Map.of("operation", "echo.get_item", "name", "hr__wide_get", "connections",
				List.of("echo-work", "echo-personal", "echo-legal", "echo-ops", "echo-sales")));
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void frozenKeysAreStrippedFromTheAdvertisedSchemaAndNamedInTheDescription() {
		try (Mcp alice = mcp(this.org, "alice")) {
			McpSchema.Tool create = tool(alice, "hr__create_item");
			JsonNode schema = JSON.valueToTree(create.inputSchema());
			assertThat(schema.path("properties").has("folder_id")).isFalse();
			assertThat(schema.path("properties").has("title")).isTrue();
			assertThat(schema.path("required").toString()).doesNotContain("folder_id");
			assertThat(create.description()).endsWith("(frozen: folder_id=HR)");

			McpSchema.Tool get = tool(alice, "hr__get_item");
			JsonNode getSchema = JSON.valueToTree(get.inputSchema());
			assertThat(getSchema.path("properties").has("id")).isFalse();
			assertThat(getSchema.path("required").toString()).doesNotContain("\"id\"");
			assertThat(get.description()).endsWith("(frozen: id=42)");
		}
	}

	@Test
	void theUpstreamReceivesDefaultsThenTheCallersArgumentsThenFrozenValues() {
		expect(this.owner.patch("/api/v1/org/settings", Map.of("collapseThreshold", 0)), 200);
		try (Mcp alice = mcp(this.org, "alice")) {
			Mcp.Result defaults = alice.call("hr__create_item", Map.of());
			assertThat(defaults.isError()).as(defaults.text()).isFalse();
			assertThat(lastBody()).isEqualTo(json("{\"title\":\"Untitled\",\"folder_id\":\"HR\"}"));
			assertThat(defaults.meta()).isNull();

			Mcp.Result callers = alice.execute("hr__create_item", Map.of("title", "Mine"));
			assertThat(callers.isError()).as(callers.text()).isFalse();
			assertThat(lastBody()).isEqualTo(json("{\"title\":\"Mine\",\"folder_id\":\"HR\"}"));

			Mcp.Result path = alice.call("hr__get_item", Map.of());
			assertThat(path.isError()).as(path.text()).isFalse();
			assertThat(this.upstream.received().get(this.upstream.received().size() - 1).path())
				.isEqualTo("/v1/items/42");
		}
	}

	@Test
	void everySpellingOfAFrozenKeyIsRefusedInBandAndNothingReachesTheUpstream() {
		expect(this.owner.patch("/api/v1/org/settings", Map.of("collapseThreshold", 0)), 200);
		try (Mcp alice = mcp(this.org, "alice")) {
			for (String spelling : List.of("folder_id", "FOLDER_ID", "folder_id[]", "folder-id", "Folder.Id",
					"folderid")) {
				for (boolean viaExecuteTool : List.of(false, true)) {
					Map<String, Object> arguments = Map.of("title", "Mine", spelling, "EVIL");
					Mcp.Result refused = viaExecuteTool ? alice.execute("hr__create_item", arguments)
							: alice.call("hr__create_item", arguments);
					assertThat(refused.isError()).as(spelling).isTrue();
					assertThat(refused.text()).as(spelling)
						.contains("Denied by the frozen-merge gate")
						.contains("'folder_id'")
						.contains("froze");
				}
			}
			Mcp.Result path = alice.call("hr__get_item", Map.of("ID", "7"));
			assertThat(path.isError()).isTrue();
			assertThat(path.text()).contains("'id'");
		}
		assertThat(this.upstream.received()).isEmpty();
		JsonNode entry = this.owner.get("/api/v1/audit?member=alice&limit=1").json().path("entries").get(0);
		assertThat(entry.path("gate").asText()).isEqualTo("frozen-merge");
		assertThat(entry.path("decision").asText()).isEqualTo("denied");
	}

	@Test
	void anHttpBodyArgumentRenamedOntoAFrozenQueryParameterIsRefused() {
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.registerHttpConnector("clash", "Clash", clashingOpenApi());
		expect(this.owner.post("/api/v1/connections", Map.of("connector", "clash", "label", "clash-work", "credential",
				Map.of("type", "bearer", "token", "token-of-clash"))), 201);
		addEntry(Map.of("operation", "clash.file_item", "connections", List.of("clash-work"), "frozen",
				Map.of("folder_id", "HR")));
		try (Mcp alice = mcp(this.org, "alice")) {
			McpSchema.Tool advertised = tool(alice, "hr__file_item");
			assertThat(JSON.valueToTree(advertised.inputSchema()).path("properties").has("body_folder_id"))
				.as("the body property is a declared parameter of its own")
				.isTrue();
			Mcp.Result renamed = alice.call("hr__file_item", Map.of("title", "t", "body_folder_id", "EVIL"));
			assertThat(renamed.isError()).isTrue();
			assertThat(renamed.text()).contains("Denied by the frozen-merge gate").contains("'folder_id'");

			Mcp.Result fine = alice.call("hr__file_item", Map.of("title", "t"));
			assertThat(fine.isError()).as(fine.text()).isFalse();
		}
		assertThat(this.upstream.received()).hasSize(1);
		assertThat(this.upstream.received().get(0).query()).isEqualTo("folder_id=HR");
		assertThat(this.upstream.received().get(0).body()).doesNotContain("EVIL");
	}

	@Test
	void anHttpOperationPassesOnDeclaredParametersOnly() {
		expect(this.owner.patch("/api/v1/org/settings", Map.of("collapseThreshold", 0)), 200);
		try (Mcp alice = mcp(this.org, "alice")) {
			for (boolean viaExecuteTool : List.of(false, true)) {
				Map<String, Object> arguments = Map.of("title", "Mine", "owner_override", "mallory");
				Mcp.Result undeclared = viaExecuteTool ? alice.execute("hr__create_item", arguments)
						: alice.call("hr__create_item", arguments);
				assertThat(undeclared.isError()).isTrue();
				assertThat(undeclared.text()).contains("Denied by the arguments gate")
					.contains("'owner_override' is not a parameter of hr__create_item")
					.contains("its parameters are title");
			}
		}
		try (Mcp owner = mcp(this.org, "owner")) {
			Mcp.Result account = owner.call("echo-work__get_item", Map.of("id", "1", "admin", true));
			assertThat(account.isError()).as("an account tool too").isTrue();
			assertThat(account.text()).contains("'admin' is not a parameter of echo-work__get_item");
		}
		assertThat(this.upstream.received()).isEmpty();
	}

	private String clashingOpenApi() {
		return """
				{"openapi":"3.0.3","info":{"title":"Clash","version":"1"},"servers":[{"url":"%s/v1"}],
				 "paths":{"/files":{"post":{"operationId":"file_item","summary":"File an item",
				   "parameters":[{"name":"folder_id","in":"query","schema":{"type":"string"}}],
				   "requestBody":{"content":{"application/json":{"schema":{"type":"object",
				     "properties":{"title":{"type":"string"},"folder_id":{"type":"string"}}}}}},
				   "responses":{"201":{"description":"filed"}}}}}}
				""".formatted(this.upstream.baseUrl());
	}

	@Test
	void anEntryBackedByTwoAccountsIsOneToolWithARequiredConnection() {
		try (Mcp alice = mcp(this.org, "alice")) {
			List<String> names = alice.toolNames();
			assertThat(names).contains("hr__pick_delete").noneMatch((name) -> name.startsWith("echo-"));
			McpSchema.Tool merged = tool(alice, "hr__pick_delete");
			JsonNode schema = JSON.valueToTree(merged.inputSchema());
			assertThat(schema.path("required").toString()).contains("\"connection\"");
			assertThat(schema.path("properties").path("connection").path("enum").toString())
				.isEqualTo("[\"echo-work\",\"echo-personal\"]");
			assertThat(merged.description()).endsWith("[echo-work / echo-personal, set connection]");

			Mcp.Result missing = alice.call("hr__pick_delete", Map.of("id", "1"));
			assertThat(missing.isError()).isTrue();
			assertThat(missing.text()).contains("connection");

			Mcp.Result personal = alice.call("hr__pick_delete", Map.of("id", "1", "connection", "echo-personal"));
			assertThat(personal.isError()).as(personal.text()).isFalse();
			FakeUpstream.Received received = this.upstream.received().get(this.upstream.received().size() - 1);
			assertThat(received.authorization()).isEqualTo("Bearer token-of-personal");
			assertThat(received.method()).isEqualTo("DELETE");
			assertThat(received.query()).as("the connection argument is not sent upstream").isNull();
		}
		JsonNode entry = this.owner.get("/api/v1/audit?member=alice&limit=1").json().path("entries").get(0);
		assertThat(entry.path("account").asText()).isEqualTo("echo-personal");
	}

	@Test
	void aMergedEntryNarrowedToOneAccountByARestrictionIsCallableAsAdvertised() {
		expect(this.owner.post("/api/v1/restrictions",
				Map.of("target", "user:alice", "block", List.of("tool:echo-personal__delete_item"))), 201);
		try (Mcp alice = mcp(this.org, "alice")) {
			McpSchema.Tool narrowed = tool(alice, "hr__pick_delete");
			JsonNode schema = JSON.valueToTree(narrowed.inputSchema());
			assertThat(schema.path("properties").has("connection")).as("one account left, nothing to choose").isFalse();
			assertThat(narrowed.description()).doesNotContain("echo-personal").doesNotContain("set connection");

			Mcp.Result asAdvertised = alice.call("hr__pick_delete", Map.of("id", "1"));
			assertThat(asAdvertised.isError()).as(asAdvertised.text()).isFalse();
			FakeUpstream.Received received = this.upstream.received().get(this.upstream.received().size() - 1);
			assertThat(received.authorization()).isEqualTo("Bearer token-of-work");

			Mcp.Result withheld = alice.call("hr__pick_delete", Map.of("id", "1", "connection", "echo-personal"));
			assertThat(withheld.isError()).isTrue();
			assertThat(withheld.text()).contains("Denied by the restriction gate");
		}
		assertThat(this.upstream.received()).hasSize(1);
		JsonNode entry = this.owner.get("/api/v1/audit?member=alice&limit=2").json().path("entries").get(1);
		assertThat(entry.path("account").asText()).isEqualTo("echo-work");
	}

	@Test
	void aMergedEntryWithEveryAccountWithheldAnswersWithTheRestrictionNotTheArguments() {
		expect(this.owner.post("/api/v1/restrictions",
				Map.of("target", "user:alice", "block", List.of("tool:echo.delete_item"))), 201);
		try (Mcp alice = mcp(this.org, "alice")) {
			assertThat(alice.toolNames()).doesNotContain("hr__pick_delete");
			Mcp.Result denied = alice.call("hr__pick_delete", Map.of("id", "1"));
			assertThat(denied.isError()).isTrue();
			assertThat(denied.text()).contains("Denied by the restriction gate");
		}
		assertThat(this.upstream.received()).isEmpty();
	}

	@Test
	void pastThreeAccountsTheScaffoldingEndsWithACount() {
		try (Mcp alice = mcp(this.org, "alice")) {
			McpSchema.Tool wide = tool(alice, "hr__wide_get");
			assertThat(wide.description())
				.endsWith("[echo-work / echo-personal / echo-legal (+2 more), set connection]");
			JsonNode schema = JSON.valueToTree(wide.inputSchema());
			assertThat(schema.path("properties").path("connection").path("enum")).hasSize(5);
		}
	}

	private static McpSchema.Tool tool(Mcp client, String name) {
		return client.tools()
			.stream()
			.filter((tool) -> tool.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError(name + " is not advertised"));
	}

	private JsonNode lastBody() {
		List<FakeUpstream.Received> received = this.upstream.received();
		return json(received.get(received.size() - 1).body());
	}

	private static JsonNode json(String text) {
		try {
			return JSON.readTree(text);
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private void addEntry(Map<String, Object> entry) {
		expect(this.owner.post("/api/v1/toolboxes/hr/entries", entry), 201);
	}

	private static void expect(Rest.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
	}

}
