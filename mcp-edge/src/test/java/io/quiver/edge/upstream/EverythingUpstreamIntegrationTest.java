package io.quiver.edge.upstream;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.quiver.support.EverythingUpstream;
import io.quiver.support.McpWire;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @modelcontextprotocol/server-everything} as a real upstream over Streamable HTTP
 * (SPEC R12.7): a call's progress comes back to the caller, a cancellation reaches the
 * upstream and is audited as {@code cancelled}, the upstream's sampling and elicitation
 * requests are relayed to a client that declared the capability and refused in band to
 * one that did not, and an output schema and structured content pass through.
 */
class EverythingUpstreamIntegrationTest extends QuiverIntegrationTest {

	private EverythingUpstream upstream;

	private String org;

	@BeforeEach
	void connectEverything() {
		this.upstream = EverythingUpstream.start();
		this.org = this.organizations.create("everything");
		Rest owner = rest(this.org, "owner");
		new OrgAdmin(owner).collapseThreshold(10_000);
		Rest.Response registered = owner.post("/api/v1/catalog", Map.of("id", "everything", "label", "Everything",
				"kind", "mcp", "url", this.upstream.url(), "allowPrivateNetwork", true));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		Rest.Response connected = owner.post("/api/v1/connections", Map.of("connector", "everything", "label", "ev"));
		assertThat(connected.status()).as(connected.body()).isEqualTo(201);
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void aCapableClientGetsProgressSamplingElicitationAndStructuredOutputRelayed() {
		List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
		List<String> asked = new CopyOnWriteArrayList<>();
		try (McpSyncClient client = client(true, progress, asked)) {
			List<McpSchema.Tool> tools = client.listTools().tools();
			// offered by the upstream only to clients that can sample or elicit: imported
			// all the same
			assertThat(tools).extracting(McpSchema.Tool::name)
				.contains("ev__trigger-sampling-request", "ev__trigger-elicitation-request",
						"ev__get-structured-content");
			McpSchema.Tool structured = tools.stream()
				.filter((tool) -> tool.name().equals("ev__get-structured-content"))
				.findFirst()
				.orElseThrow();
			assertThat(structured.outputSchema()).isNotNull().containsKey("properties");

			McpSchema.CallToolResult longRunning = client.callTool(McpSchema.CallToolRequest.builder()
				.name("ev__trigger-long-running-operation")
				.arguments(Map.of("duration", 0.4, "steps", 2))
				.progressToken("caller-token-1")
				.build());
			assertThat(longRunning.isError()).isFalse();
			assertThat(progress).hasSize(2)
				.allSatisfy((notice) -> assertThat(notice.progressToken()).isEqualTo("caller-token-1"));
			assertThat(progress.get(1).progress()).isEqualTo(2.0);

			McpSchema.CallToolResult sampled = client.callTool(McpSchema.CallToolRequest.builder()
				.name("ev__trigger-sampling-request")
				.arguments(Map.of("prompt", "say hi"))
				.build());
			assertThat(sampled.isError()).as(sampled.toString()).isFalse();
			assertThat(text(sampled)).contains("relayed sample answer");

			McpSchema.CallToolResult elicited = client.callTool(McpSchema.CallToolRequest.builder()
				.name("ev__trigger-elicitation-request")
				.arguments(Map.of())
				.build());
			assertThat(elicited.isError()).as(elicited.toString()).isFalse();
			assertThat(asked).containsExactly("sampling", "elicitation");

			McpSchema.CallToolResult weather = client.callTool(McpSchema.CallToolRequest.builder()
				.name("ev__get-structured-content")
				.arguments(Map.of("location", "New York"))
				.build());
			assertThat(weather.structuredContent()).isNotNull();
		}
	}

	@Test
	void aClientWithoutTheCapabilitiesIsRefusedInBandAndNothingIsCalled() {
		try (McpSyncClient client = client(false, new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>())) {
			McpSchema.CallToolResult sampled = client.callTool(McpSchema.CallToolRequest.builder()
				.name("ev__trigger-sampling-request")
				.arguments(Map.of("prompt", "say hi"))
				.build());
			assertThat(sampled.isError()).isTrue();
			assertThat(text(sampled)).contains("sampling").contains("did not declare");
		}
		JsonNode entry = rest(this.org, "owner").get("/api/v1/audit?tool=ev__trigger-sampling-request")
			.json()
			.path("entries")
			.get(0);
		assertThat(entry.path("errorCode").asText()).isEqualTo("client-capability-missing");
	}

	@Test
	void aCancellationReachesTheUpstreamAndIsAuditedAsCancelled() {
		String token = this.organizations.token(this.org, "owner");
		McpWire wire = new McpWire(baseUrl(), token);
		Map<String, Object> params = Map.of("name", "ev__trigger-long-running-operation", "arguments",
				Map.of("duration", 8, "steps", 8), "_meta", Map.of("progressToken", "slow"));
		try (var stream = io.quiver.support.McpStream.call(baseUrl(), token, 77, params)) {
			Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> stream.count("notifications/progress") >= 1);
			Rest.Response cancelled = wire.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
					+ "\"params\":{\"requestId\":77,\"reason\":\"test\"}}");
			assertThat(cancelled.status()).isEqualTo(202);
			Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> stream.response() != null);
			assertThat(stream.response().path("result").path("isError").asBoolean()).isTrue();
			// the upstream stopped sending progress: it heard of the cancellation (and
			// the
			// call was answered long before its 8 seconds)
			assertThat(stream.count("notifications/progress")).isLessThan(8);
		}
		JsonNode entry = rest(this.org, "owner").get("/api/v1/audit?tool=ev__trigger-long-running-operation")
			.json()
			.path("entries")
			.get(0);
		assertThat(entry.path("outcome").asText()).isEqualTo("cancelled");
	}

	private McpSyncClient client(boolean capable, List<McpSchema.ProgressNotification> progress, List<String> asked) {
		String token = this.organizations.token(this.org, "owner");
		HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(baseUrl())
			.endpoint("/mcp")
			.httpRequestCustomizer(
					(builder, method, uri, body, context) -> builder.header("Authorization", "Bearer " + token))
			.build();
		McpClient.SyncSpec spec = McpClient.sync(transport)
			.requestTimeout(Duration.ofSeconds(60))
			.progressConsumer(progress::add);
		if (capable) {
			spec.capabilities(McpSchema.ClientCapabilities.builder().sampling().elicitation().build())
				.sampling((request) -> {
					asked.add("sampling");
					return new McpSchema.CreateMessageResult(McpSchema.Role.ASSISTANT,
							new McpSchema.TextContent("relayed sample answer"), "test-model",
							McpSchema.CreateMessageResult.StopReason.END_TURN);
				})
				.elicitation((request) -> {
					asked.add("elicitation");
					return new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT, Map.of("name", "Ada"));
				});
		}
		McpSyncClient client = spec.build();
		client.initialize();
		return client;
	}

	private static String text(McpSchema.CallToolResult result) {
		StringBuilder text = new StringBuilder();
		result.content().forEach((content) -> {
			if (content instanceof McpSchema.TextContent block) {
				text.append(block.text());
			}
		});
		return text.toString();
	}

}
