package io.quiver.edge.upstream;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tools imported from an upstream MCP server go through the same gates (SPEC R3.1, R7.2,
 * R7.7): their classification comes from their annotations (readOnlyHint → read,
 * destructiveHint → destructive, none → write), their own schema is enforced, unknown
 * properties included when it says {@code additionalProperties: false}, and the
 * connection's credential echoed by the upstream is redacted.
 */
class McpConnectorGatesIntegrationTest extends QuiverIntegrationTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final String TOKEN = "mcpcnry9d41c07be2f3a5";

	private HandMadeMcpServer upstream;

	private String org;

	@BeforeEach
	void organisation() throws Exception {
		this.upstream = new HandMadeMcpServer();
		this.upstream.sse = false;
		this.upstream.pages = List.of((ArrayNode) JSON.readTree("""
				[{"name":"lookup","description":"Look a record up","annotations":{"readOnlyHint":true},
				  "inputSchema":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],
				                 "additionalProperties":false}},
				 {"name":"touch","description":"Touch a record",
				  "inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}},
				 {"name":"wipe","description":"Wipe a record","annotations":{"destructiveHint":true},
				  "inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}]
				"""));
		this.org = this.organizations.create("mcp-gates");
		Rest owner = rest(this.org, "owner");
		expect(owner.patch("/api/v1/org/settings", Map.of("collapseThreshold", 10_000)), 200);
		expect(owner.post("/api/v1/catalog", Map.of("id", "handmade", "label", "Hand-made", "kind", "mcp", "url",
				this.upstream.url(), "allowPrivateNetwork", true)), 201);
		expect(owner.post("/api/v1/connections",
				Map.of("connector", "handmade", "label", "hm", "credential", Map.of("type", "bearer", "token", TOKEN))),
				201);
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void annotationsClassifyImportedToolsOnTheScopeLadder() {
		try (Mcp read = mcp(this.org, "owner", "mcp:read mcp:tools")) {
			assertThat(read.toolNames()).contains("hm__lookup").doesNotContain("hm__touch", "hm__wipe");
			assertThat(read.call("hm__lookup", Map.of("q", "a")).isError()).isFalse();
			assertDenied(read.call("hm__touch", Map.of("q", "a")), "scope", "mcp:write");
			assertDenied(read.call("hm__wipe", Map.of("q", "a")), "scope", "mcp:destructive");
		}
		try (Mcp write = mcp(this.org, "owner", "mcp:write mcp:tools")) {
			assertThat(write.toolNames()).contains("hm__lookup", "hm__touch").doesNotContain("hm__wipe");
			assertThat(write.call("hm__touch", Map.of("q", "a")).isError()).isFalse();
			assertDenied(write.call("hm__wipe", Map.of("q", "a")), "scope", "mcp:destructive");
		}
		try (Mcp noTools = mcp(this.org, "owner", "mcp:destructive")) {
			assertThat(noTools.toolNames()).noneMatch((name) -> name.startsWith("hm__"));
			assertDenied(noTools.call("hm__lookup", Map.of("q", "a")), "scope", "mcp:tools");
		}
	}

	@Test
	void theUpstreamSchemaIsEnforcedBeforeTheCallLeaves() {
		int before = this.upstream.http.received.size();
		try (Mcp owner = mcp(this.org, "owner")) {
			assertDenied(owner.call("hm__lookup", Map.of("q", "a", "qq", "b")), "arguments", "qq");
			assertDenied(owner.call("hm__lookup", Map.of()), "arguments", "q");
			assertDenied(owner.call("hm__lookup", Map.of("q", 3)), "arguments", "q");
		}
		assertThat(this.upstream.http.received).as("nothing reached the upstream").hasSize(before);
	}

	@Test
	void theCredentialEchoedByAnMcpUpstreamIsRedacted() {
		try (Mcp owner = mcp(this.org, "owner")) {
			// the hand-made upstream echoes the arguments it received as structured
			// content
			Mcp.Result asValue = owner.call("hm__lookup", Map.of("q", "token " + TOKEN));
			assertThat(asValue.isError()).as(asValue.text()).isFalse();
			assertThat(asValue.toString()).doesNotContain(TOKEN).contains("[REDACTED]");
			Mcp.Result asKey = owner.call("hm__touch", Map.of(TOKEN, "x"));
			assertThat(asKey.isError()).as(asKey.text()).isFalse();
			assertThat(asKey.toString()).doesNotContain(TOKEN).contains("[REDACTED]");
		}
	}

	private static void assertDenied(Mcp.Result result, String gate, String mention) {
		assertThat(result.isError()).as(result.text()).isTrue();
		assertThat(result.text()).contains("Denied by the " + gate + " gate").contains(mention);
	}

	private static void expect(Rest.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
	}

}
