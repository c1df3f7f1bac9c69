package io.quiver.edge.mcp;

import java.util.List;
import java.util.Map;

import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real MCP client (the official Java SDK) connects with a bearer token, lists tools,
 * searches, and executes a connected tool through execute_tool and directly, against a
 * real upstream API.
 */
class McpClientIntegrationTest extends QuiverIntegrationTest {

	private FakeUpstream upstream;

	private String org;

	private Rest admin;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("mcp-client");
		this.admin = rest(this.org, "owner");
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void aMemberFindsAndCallsConnectedToolsThroughARealClient() {
		inviteAlice();
		registerEchoConnector();
		connect("notion", "notion-alice");
		connect("echo", "echo-alice");

		try (Mcp alice = mcp(this.org, "alice")) {
			List<String> names = alice.toolNames();
			assertThat(names).contains("search_tools", "execute_tool", "quiver__connections__create")
				.doesNotContain("notion-alice__search_pages", "echo-alice__get_item", "quiver__members__invite");

			Mcp.Result found = alice.call("search_tools", Map.of("query", "get item"));
			assertThat(found.isError()).isFalse();
			assertThat(found.structured().path("results").get(0).path("name").asText())
				.isEqualTo("echo-alice__get_item");

			Mcp.Result viaExecute = alice.execute("echo-alice__get_item", Map.of("id", "42", "verbose", true));
			assertThat(viaExecute.isError()).as(viaExecute.text()).isFalse();
			assertThat(viaExecute.structured().path("path").asText()).isEqualTo("/v1/items/42");
			assertThat(viaExecute.structured().path("authorized").asBoolean()).isTrue();

			Mcp.Result direct = alice.call("echo-alice__get_item", Map.of("id", "42", "verbose", true));
			assertThat(direct.isError()).isFalse();
			assertThat(direct.structured()).isEqualTo(viaExecute.structured());
		}
		assertThat(this.upstream.received()).hasSize(2)
			.allSatisfy((request) -> assertThat(request.authorization()).isEqualTo("Bearer echo-secret"));

		var entries = this.admin.get("/api/v1/audit?member=alice").json().path("entries");
		assertThat(entries).hasSize(3);
		assertThat(entries.get(0).path("requestedName").asText()).isEqualTo("echo-alice__get_item");
		assertThat(entries.get(0).path("viaExecuteTool").asBoolean()).isFalse();
		assertThat(entries.get(1).path("viaExecuteTool").asBoolean()).isTrue();
		assertThat(entries.get(1).path("account").asText()).isEqualTo("echo-alice");
		assertThat(entries.get(1).path("argumentNames").toString()).isEqualTo("[\"id\",\"verbose\"]");
		assertThat(entries.toString()).doesNotContain("42");
	}

	private void inviteAlice() {
		assertThat(this.admin.post("/api/v1/members", Map.of("subject", "alice", "role", "MEMBER")).status())
			.isEqualTo(201);
	}

	private void registerEchoConnector() {
		Rest.Response registered = this.admin.post("/api/v1/catalog", Map.of("id", "echo", "label", "Echo", "kind",
				"http", "openapi", this.upstream.openApi(), "allowPrivateNetwork", true));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
	}

	private void connect(String connector, String label) {
		Rest.Response created = rest(this.org, "alice").post("/api/v1/connections", Map.of("connector", connector,
				"label", label, "credential", Map.of("type", "bearer", "token", "echo-secret")));
		assertThat(created.status()).as(created.body()).isEqualTo(201);
	}

}
