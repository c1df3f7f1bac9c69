package io.quiver.edge.mcp;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.FakeUpstream;
import io.quiver.support.McpWire;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The MCP transport on the wire (SPEC R12.1, R12.2, R5.6), message by message over raw
 * HTTP: the handshake and version negotiation, notifications, ping, tools/list and
 * tools/call; the HTTP-level refusals (version header, Origin, Host, body size, methods);
 * JSON-RPC errors for malformed JSON-RPC only; and byte-for-byte deterministic tool
 * lists.
 */
class McpProtocolIntegrationTest extends QuiverIntegrationTest {

	private String org;

	private McpWire owner;

	@BeforeEach
	void organisation() {
		this.org = this.organizations.create("mcp-protocol");
		this.owner = new McpWire(baseUrl(), this.organizations.token(this.org, "owner"));
	}

	@Test
	void initializeEchoesEverySupportedRevisionAndAnswersTheLatestToAnUnknownOne() {
		for (String revision : List.of("2025-11-25", "2025-06-18")) {
			JsonNode result = initialize(revision, Map.of());
			assertThat(result.path("protocolVersion").asText()).as(revision).isEqualTo(revision);
		}
		// 2025-03-26 (the revision with batches) is no longer negotiated
		assertThat(initialize("2025-03-26", Map.of()).path("protocolVersion").asText()).isEqualTo("2025-11-25");
		JsonNode result = initialize("2099-01-01", Map.of());
		assertThat(result.path("protocolVersion").asText()).isEqualTo("2025-11-25");
		assertThat(result.path("capabilities").path("tools").path("listChanged").asBoolean()).isTrue();
		assertThat(result.path("serverInfo").path("name").asText()).isEqualTo("quiver");
		assertThat(result.path("serverInfo").path("version").asText()).isNotBlank();
		assertThat(result.path("instructions").asText()).contains("search_tools");

		// A first request carries no negotiated version header yet.
		Map<String, String> noVersionHeader = new HashMap<>();
		noVersionHeader.put("MCP-Protocol-Version", null);
		assertThat(initialize("2025-11-25", noVersionHeader).path("protocolVersion").asText()).isEqualTo("2025-11-25");
	}

	@Test
	void initializeWithoutAProtocolVersionIsInvalidParams() {
		Rest.Response response = this.owner.call("initialize", Map.of("capabilities", Map.of()));
		assertThat(response.json().path("error").path("code").asInt()).isEqualTo(-32602);
		assertThat(response.json().path("id").asInt()).isEqualTo(1);
	}

	@Test
	void notificationsAreAcceptedWith202AndNoBody() {
		Rest.Response initialized = this.owner.post(McpWire.notification("notifications/initialized").toString());
		assertThat(initialized.status()).isEqualTo(202);
		assertThat(initialized.body()).isEmpty();

		Rest.Response cancelled = this.owner.post(McpWire.notification("notifications/cancelled").toString());
		assertThat(cancelled.status()).isEqualTo(202);
		assertThat(cancelled.body()).isEmpty();

		// A response from the client (to a request this server never sends) is accepted
		// the same way.
		Rest.Response response = this.owner.post("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}");
		assertThat(response.status()).isEqualTo(202);
		assertThat(response.body()).isEmpty();
	}

	@Test
	void aToolsCallSentAsANotificationRunsNothing() {
		Rest.Response accepted = this.owner.post("{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"params\":"
				+ "{\"name\":\"quiver__members__invite\",\"arguments\":{\"subject\":\"ghost\",\"role\":\"MEMBER\"}}}");
		assertThat(accepted.status()).isEqualTo(202);
		assertThat(rest(this.org, "owner").get("/api/v1/members/ghost").status()).isEqualTo(404);
	}

	@Test
	void pingAnswersAnEmptyResult() {
		Rest.Response response = this.owner.post(McpWire.request("ping-1", "ping", null).toString());
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.header("Content-Type")).startsWith("application/json");
		assertThat(response.json().path("id").asText()).isEqualTo("ping-1");
		assertThat(response.json().path("result").isObject()).isTrue();
		assertThat(response.json().path("result").isEmpty()).isTrue();
	}

	@Test
	void toolsListAndToolsCallAnswerJson() {
		JsonNode tools = this.owner.result("tools/list", null).path("tools");
		assertThat(tools).isNotEmpty();
		tools.forEach((tool) -> {
			assertThat(tool.path("name").asText()).matches("[A-Za-z0-9_-]{1,64}");
			assertThat(tool.path("inputSchema").path("type").asText()).isEqualTo("object");
			assertThat(tool.has("description")).isTrue();
		});

		JsonNode result = this.owner.result("tools/call", Map.of("name", "quiver__org__get", "arguments", Map.of()));
		assertThat(result.path("isError").asBoolean()).isFalse();
		assertThat(result.path("structuredContent").path("orgId").asText()).isEqualTo(this.org);
		assertThat(result.path("content").get(0).path("type").asText()).isEqualTo("text");
	}

	@Test
	void anUnsupportedProtocolVersionHeaderIs400() {
		Rest.Response response = this.owner.post(McpWire.request(1, "ping", null).toString(),
				Map.of("MCP-Protocol-Version", "1999-01-01"));
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.json().path("error").path("message").asText()).contains("1999-01-01");
		assertThat(response.json().path("error").path("code").asInt()).isEqualTo(-32022);
		assertThat(response.json().path("error").path("data").path("supported").toString())
			.isEqualTo("[\"2026-07-28\",\"2025-11-25\",\"2025-06-18\"]");
		assertThat(this.owner
			.post(McpWire.request(1, "ping", null).toString(), Map.of("MCP-Protocol-Version", "2025-03-26"))
			.status()).isEqualTo(400);

		for (String supported : List.of("2025-11-25", "2025-06-18")) {
			assertThat(this.owner
				.post(McpWire.request(1, "ping", null).toString(), Map.of("MCP-Protocol-Version", supported))
				.status()).as(supported).isEqualTo(200);
		}
	}

	@Test
	void aForeignOriginIs403AndLocalOnesAreServed() {
		Rest.Response foreign = this.owner.post(McpWire.request(1, "ping", null).toString(),
				Map.of("Origin", "https://evil.example.com"));
		assertThat(foreign.status()).isEqualTo(403);
		assertThat(foreign.json().path("error").path("message").asText()).contains("evil.example.com");

		for (String origin : List.of("http://localhost", "http://localhost:6274", "http://127.0.0.1:3000")) {
			assertThat(this.owner.post(McpWire.request(1, "ping", null).toString(), Map.of("Origin", origin)).status())
				.as(origin)
				.isEqualTo(200);
		}
	}

	@Test
	void anUnknownHostIs403AgainstDnsRebinding() {
		String ping = McpWire.request(1, "ping", null).toString();
		Rest.Response rebound = this.owner.raw(this.port, "evil.example.com", ping, false);
		assertThat(rebound.status()).isEqualTo(403);
		assertThat(rebound.body()).contains("evil.example.com");

		Rest.Response local = this.owner.raw(this.port, "localhost:" + this.port, ping, false);
		assertThat(local.status()).as(local.body()).isEqualTo(200);
		assertThat(this.owner.raw(this.port, "127.0.0.1:" + this.port, ping, false).status()).isEqualTo(200);
	}

	@Test
	void aBodyOverTheLimitIs413WhetherDeclaredOrStreamed() {
		String padding = "x".repeat(1_100_000);
		String large = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\"" + padding + "\"}}";

		Rest.Response declared = this.owner.post(large);
		assertThat(declared.status()).isEqualTo(413);

		Rest.Response streamed = this.owner.raw(this.port, "localhost:" + this.port, large, true);
		assertThat(streamed.status()).isEqualTo(413);

		String justUnder = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\""
				+ "x".repeat(1_000_000) + "\"}}";
		assertThat(this.owner.raw(this.port, "localhost:" + this.port, justUnder, true).status()).isEqualTo(200);
	}

	@Test
	void aParseErrorIs32700() {
		Rest.Response response = this.owner.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":");
		assertThat(response.status()).isEqualTo(400);
		assertError(response, -32700);
		assertThat(response.json().has("id")).as("no id could be read").isFalse();
	}

	@Test
	void aBatchIs32600() {
		Rest.Response response = this.owner
			.post("[" + McpWire.request(1, "ping", null) + "," + McpWire.request(2, "ping", null) + "]");
		assertThat(response.status()).isEqualTo(400);
		assertError(response, -32600);
	}

	@Test
	void malformedRequestsAre32600() {
		Rest.Response noMethod = this.owner.post("{\"jsonrpc\":\"2.0\",\"id\":3}");
		assertError(noMethod, -32600);
		assertThat(noMethod.json().path("id").asInt()).isEqualTo(3);

		assertError(this.owner.post("{\"jsonrpc\":\"1.0\",\"id\":4,\"method\":\"ping\"}"), -32600);
		assertError(this.owner.post("{\"id\":5,\"method\":\"ping\"}"), -32600);
		assertError(this.owner.post("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":42}"), -32600);
		assertError(this.owner.post("\"ping\""), -32600);

		Rest.Response nullId = this.owner.post("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}");
		assertError(nullId, -32600);
		assertThat(nullId.json().has("id")).as("MCP request ids are never null; the answer names none").isFalse();

		assertError(this.owner.post("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}"), -32600);
	}

	@Test
	void anUnknownMethodIs32601WithTheRequestId() {
		Rest.Response response = this.owner.post(McpWire.request("r-9", "prompts/list", null).toString());
		assertThat(response.status()).isEqualTo(200);
		assertError(response, -32601);
		assertThat(response.json().path("id").asText()).isEqualTo("r-9");
	}

	@Test
	void toolsCallWithoutANameOrWithNonObjectArgumentsIs32602() {
		assertError(this.owner.call("tools/call", Map.of("arguments", Map.of())), -32602);
		assertError(this.owner.call("tools/call", Map.of("name", "", "arguments", Map.of())), -32602);
		assertError(this.owner.call("tools/call", Map.of("name", 12)), -32602);
		assertError(this.owner.call("tools/call", Map.of("name", "quiver__org__get", "arguments", List.of(1, 2))),
				-32602);
		assertError(this.owner.call("tools/call", Map.of("name", "quiver__org__get", "arguments", "{}")), -32602);
		assertError(this.owner.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":[1]}"), -32602);
	}

	@Test
	void getWithoutAnEventStreamAcceptIs406AndDeleteIs405() {
		Rest.Response get = this.owner.send("GET", null, Map.of("Accept", "application/json"));
		assertThat(get.status()).isEqualTo(406);
		Rest.Response modernGet = this.owner.send("GET", null,
				Map.of("Accept", "text/event-stream", "MCP-Protocol-Version", "2026-07-28"));
		assertThat(modernGet.status()).isEqualTo(405);

		Rest.Response delete = this.owner.send("DELETE", null, Map.of());
		assertThat(delete.status()).isEqualTo(405);
		assertThat(delete.header("Allow")).isEqualTo("GET, POST");
	}

	@Test
	void initializeOpensASessionThatEveryRequestMayNameUntilItIsDeleted() {
		Rest.Response initialized = this.owner
			.post(McpWire
				.request(1, "initialize", Map.of("protocolVersion", "2025-11-25", "capabilities",
						Map.of("sampling", Map.of()), "clientInfo", Map.of("name", "test", "version", "1")))
				.toString());
		String session = initialized.header("Mcp-Session-Id");
		assertThat(session).matches("[A-Za-z0-9_-]{43}");
		Map<String, String> inSession = Map.of("Mcp-Session-Id", session);
		assertThat(this.owner.post(McpWire.request(2, "ping", null).toString(), inSession).status()).isEqualTo(200);
		// a caller of another organisation cannot use it
		McpWire stranger = new McpWire(baseUrl(),
				this.organizations.token(this.organizations.create("mcp-stranger"), "owner"));
		assertThat(stranger.post(McpWire.request(2, "ping", null).toString(), inSession).status()).isEqualTo(404);
		assertThat(this.owner.post(McpWire.request(3, "ping", null).toString(), Map.of("Mcp-Session-Id", "unknown"))
			.status()).isEqualTo(404);

		assertThat(this.owner.send("DELETE", null, inSession).status()).isEqualTo(204);
		Rest.Response after = this.owner.post(McpWire.request(4, "ping", null).toString(), inSession);
		assertThat(after.status()).isEqualTo(404);
		assertThat(after.json().path("id").asInt()).isEqualTo(4);
	}

	@Test
	void anUnauthenticatedRequestIs401NamingTheProtectedResourceMetadata() {
		Rest.Response response = new McpWire(baseUrl(), null).post(McpWire.request(1, "ping", null).toString());
		assertThat(response.status()).isEqualTo(401);
		String challenge = response.header("WWW-Authenticate");
		assertThat(challenge).startsWith("Bearer resource_metadata=\"").contains("scope=\"");
		String metadataUrl = challenge.replaceAll("^Bearer resource_metadata=\"([^\"]+)\".*$", "$1");
		assertThat(metadataUrl).isEqualTo("http://localhost/.well-known/oauth-protected-resource/mcp");

		Rest anonymous = new Rest(baseUrl(), null);
		JsonNode forMcp = anonymous.get("/.well-known/oauth-protected-resource/mcp").json();
		assertThat(forMcp.path("resource").asText()).isEqualTo("http://localhost/mcp");
		JsonNode forServer = anonymous.get("/.well-known/oauth-protected-resource").json();
		assertThat(forServer.path("resource").asText()).isEqualTo("http://localhost");
		for (JsonNode metadata : List.of(forMcp, forServer)) {
			assertThat(metadata.path("authorization_servers")).isNotEmpty();
			assertThat(metadata.path("scopes_supported").toString()).contains("mcp:read", "mcp:write",
					"mcp:destructive", "mcp:tools");
		}
	}

	@Test
	void theSameStateAndCallerGiveTheSameBytesOfToolsList() {
		try (FakeUpstream upstream = FakeUpstream.start()) {
			OrgAdmin admin = new OrgAdmin(rest(this.org, "owner"));
			admin.invite("alice", "MEMBER");
			admin.registerHttpConnector("echo", "Echo", upstream.openApi());
			OrgAdmin.connect(rest(this.org, "alice"), "echo", "echo-alice");
			OrgAdmin.connect(rest(this.org, "alice"), "notion", "notion-alice");
			admin.collapseThreshold(10_000);
			McpWire alice = new McpWire(baseUrl(), this.organizations.token(this.org, "alice"));

			String first = toolsListBody(alice);
			assertThat(first).contains("echo-alice__get_item");
			assertThat(toolsListBody(alice)).isEqualTo(first);

			String other = this.organizations.create("mcp-protocol-other");
			OrgAdmin otherAdmin = new OrgAdmin(rest(other, "owner"));
			otherAdmin.invite("alice", "MEMBER");
			otherAdmin.registerHttpConnector("echo", "Echo", upstream.openApi());
			OrgAdmin.connect(rest(other, "alice"), "echo", "echo-alice");
			otherAdmin.collapseThreshold(3);
			otherAdmin.block("user:alice", List.of("tool:echo-alice__get_item"));

			assertThat(toolsListBody(alice)).isEqualTo(first);

			String collapsed = toolsListBody(new McpWire(baseUrl(), this.organizations.token(other, "alice")));
			assertThat(collapsed).isNotEqualTo(first).contains("search_tools");
		}
	}

	@Test
	void anAnswerIsUtf8JsonOfItsDeclaredLengthWhateverItsCharacters() {
		OrgAdmin admin = new OrgAdmin(rest(this.org, "owner"));
		OrgAdmin.connect(rest(this.org, "owner"), "notion", "notion-owner");
		admin.collapseThreshold(0);

		Rest.Response listed = this.owner.call("tools/list", null);

		assertThat(listed.status()).isEqualTo(200);
		assertThat(listed.header("Content-Type")).startsWith("application/json");
		// search_tools' description names the control-plane tools "quiver__…": a
		// character outside Latin-1, as the client decodes it from UTF-8
		assertThat(listed.json().path("result").path("tools").findValuesAsText("description"))
			.anyMatch((description) -> description.contains("quiver__\u2026"));
		assertThat(Integer.parseInt(listed.header("Content-Length")))
			.isEqualTo(listed.body().getBytes(StandardCharsets.UTF_8).length);
	}

	private JsonNode initialize(String revision, Map<String, String> headers) {
		Rest.Response response = this.owner.post(
				McpWire
					.request(0, "initialize", Map.of("protocolVersion", revision, "capabilities", Map.of(),
							"clientInfo", Map.of("name", "protocol-test", "version", "1")))
					.toString(),
				headers);
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		assertThat(response.json().path("id").asInt()).isZero();
		return response.json().path("result");
	}

	private static String toolsListBody(McpWire wire) {
		Rest.Response response = wire.call("tools/list", null);
		assertThat(response.status()).isEqualTo(200);
		return response.body();
	}

	private static void assertError(Rest.Response response, int code) {
		assertThat(response.json()).as(response.body()).isNotNull();
		assertThat(response.json().path("jsonrpc").asText()).isEqualTo("2.0");
		assertThat(response.json().path("error").path("code").asInt()).as(response.body()).isEqualTo(code);
		assertThat(response.json().path("error").path("message").asText()).isNotBlank();
		assertThat(response.json().has("result")).isFalse();
	}

}
