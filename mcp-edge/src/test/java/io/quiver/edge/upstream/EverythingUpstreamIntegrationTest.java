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
import io.quiver.edge.call.ResourceLinks;
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
 * one that did not, an output schema and structured content pass through, and the
 * resource links its tools return open for their caller alone, through the gates of the
 * tool that returned them (R12.8).
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

	@Test
	void aModernCapableClientIsAskedThroughInputRequiredRoundsAndItsAnswersReachTheUpstream() {
		new OrgAdmin(rest(this.org, "owner")).invite("bob", "MEMBER");
		McpWire owner = new McpWire(baseUrl(), this.organizations.token(this.org, "owner"));
		Map<String, Object> sampling = Map.of("sampling", Map.of());
		Map<String, Object> call = Map.of("name", "ev__trigger-sampling-request", "arguments",
				Map.of("prompt", "say hi"));
		Rest.Response asked = owner.modern("tools/call", "ev__trigger-sampling-request", call, sampling);
		JsonNode question = asked.json().path("result");
		assertThat(question.path("resultType").asText()).as(asked.body()).isEqualTo("input_required");
		String key = question.path("inputRequests").fieldNames().next();
		assertThat(question.path("inputRequests").path(key).path("method").asText())
			.isEqualTo("sampling/createMessage");
		assertThat(question.path("inputRequests").path(key).path("params").path("messages").toString())
			.contains("say hi");
		String state = question.path("requestState").asText();
		assertThat(state).isNotEmpty();

		Map<String, Object> answer = Map.of(key, Map.of("role", "assistant", "content",
				Map.of("type", "text", "text", "answered in a round"), "model", "test-model", "stopReason", "endTurn"));
		Map<String, Object> retry = Map.of("name", "ev__trigger-sampling-request", "arguments",
				Map.of("prompt", "say hi"), "inputResponses", answer, "requestState", state);
		// the state is its caller's, for this tool and these arguments only
		McpWire bob = new McpWire(baseUrl(), this.organizations.token(this.org, "bob"));
		assertThat(bob.modern("tools/call", "ev__trigger-sampling-request", retry, sampling).status()).isEqualTo(400);
		Map<String, Object> otherArguments = Map.of("name", "ev__trigger-sampling-request", "arguments",
				Map.of("prompt", "something else"), "inputResponses", answer, "requestState", state);
		assertThat(owner.modern("tools/call", "ev__trigger-sampling-request", otherArguments, sampling).status())
			.isEqualTo(400);

		Rest.Response done = owner.modern("tools/call", "ev__trigger-sampling-request", retry, sampling);
		assertThat(done.json().path("result").path("resultType").asText()).as(done.body()).isEqualTo("complete");
		assertThat(done.json().path("result").path("isError").asBoolean()).isFalse();
		assertThat(done.json().path("result").path("content").toString()).contains("answered in a round");
		// used once
		Rest.Response replayed = owner.modern("tools/call", "ev__trigger-sampling-request", retry, sampling);
		assertThat(replayed.status()).isEqualTo(400);
		assertThat(replayed.json().path("error").path("code").asInt()).isEqualTo(-32602);

		JsonNode entry = audit("ev__trigger-sampling-request").get(0);
		assertThat(entry.path("outcome").asText()).isEqualTo("success");
	}

	@Test
	void aModernRetryWithoutTheAnswerIsAskedAgain() {
		McpWire owner = new McpWire(baseUrl(), this.organizations.token(this.org, "owner"));
		Map<String, Object> elicitation = Map.of("elicitation", Map.of());
		Map<String, Object> call = Map.of("name", "ev__trigger-elicitation-request", "arguments", Map.of());
		JsonNode first = owner.modern("tools/call", "ev__trigger-elicitation-request", call, elicitation)
			.json()
			.path("result");
		assertThat(first.path("resultType").asText()).isEqualTo("input_required");
		String key = first.path("inputRequests").fieldNames().next();
		assertThat(first.path("inputRequests").path(key).path("method").asText()).isEqualTo("elicitation/create");

		Map<String, Object> empty = Map.of("name", "ev__trigger-elicitation-request", "arguments", Map.of(),
				"inputResponses", Map.of(), "requestState", first.path("requestState").asText());
		JsonNode again = owner.modern("tools/call", "ev__trigger-elicitation-request", empty, elicitation)
			.json()
			.path("result");
		assertThat(again.path("inputRequests").path(key)).isEqualTo(first.path("inputRequests").path(key));
		assertThat(again.path("requestState").asText()).isNotEqualTo(first.path("requestState").asText());

		Map<String, Object> answered = Map.of("name", "ev__trigger-elicitation-request", "arguments", Map.of(),
				"inputResponses", Map.of(key, Map.of("action", "accept", "content", Map.of("name", "Ada"))),
				"requestState", again.path("requestState").asText());
		JsonNode done = owner.modern("tools/call", "ev__trigger-elicitation-request", answered, elicitation)
			.json()
			.path("result");
		assertThat(done.path("resultType").asText()).isEqualTo("complete");
		assertThat(done.path("isError").asBoolean()).as(done.toString()).isFalse();
	}

	@Test
	void aResourceLinkOpensForItsCallerInBothErasAndIsAuditedLikeTheCall() {
		try (McpSyncClient client = client(false, new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>())) {
			assertThat(client.getServerCapabilities().resources()).isNotNull();
			assertThat(client.listResources().resources()).isEmpty();
			McpSchema.CallToolResult linked = client.callTool(McpSchema.CallToolRequest.builder()
				.name("ev__get-resource-links")
				.arguments(Map.of("count", 2))
				.build());
			List<McpSchema.ResourceLink> links = linked.content()
				.stream()
				.filter(McpSchema.ResourceLink.class::isInstance)
				.map(McpSchema.ResourceLink.class::cast)
				.toList();
			// Quiver's own URIs, sealed for this caller: the upstream's is not in them
			assertThat(links).hasSize(2)
				.allSatisfy((link) -> assertThat(link.uri()).startsWith(ResourceLinks.SCHEME).doesNotContain("demo:"));
			assertThat(links.get(1).name()).isEqualTo("Text Resource 2");

			McpSchema.ReadResourceResult text = client
				.readResource(new McpSchema.ReadResourceRequest(links.get(1).uri()));
			assertThat(text.contents()).singleElement().satisfies((contents) -> {
				assertThat(contents.uri()).isEqualTo(links.get(1).uri());
				assertThat(((McpSchema.TextResourceContents) contents).text()).startsWith("Resource 2: ");
			});
			McpSchema.ReadResourceResult blob = client
				.readResource(new McpSchema.ReadResourceRequest(links.get(0).uri()));
			assertThat(blob.contents()).singleElement().isInstanceOf(McpSchema.BlobResourceContents.class);
		}

		McpWire modern = new McpWire(baseUrl(), this.organizations.token(this.org, "owner"));
		Rest.Response call = modern.modern("tools/call", "ev__get-resource-links",
				Map.of("name", "ev__get-resource-links", "arguments", Map.of("count", 2)));
		String uri = call.json().path("result").path("content").get(2).path("uri").asText();
		Rest.Response read = modern.modern("resources/read", uri, Map.of("uri", uri));
		assertThat(read.status()).as(read.body()).isEqualTo(200);
		assertThat(read.json().path("result").path("resultType").asText()).isEqualTo("complete");
		assertThat(read.json().path("result").path("contents").get(0).path("text").asText()).startsWith("Resource 2: ");

		List<JsonNode> reads = audit("ev__get-resource-links").stream()
			.filter((entry) -> entry.path("requestedName").asText().equals("resources/read"))
			.toList();
		assertThat(reads).hasSize(3).allSatisfy((entry) -> {
			assertThat(entry.path("resolvedTool").asText()).isEqualTo("ev__get-resource-links");
			assertThat(entry.path("operation").asText()).isEqualTo("everything.resources/read");
			assertThat(entry.path("account").asText()).isEqualTo("ev");
			assertThat(entry.path("outcome").asText()).isEqualTo("success");
			// the resource's URI is part of a result: never in the trail (R10.2)
			assertThat(entry.toString()).doesNotContain("demo:").doesNotContain(ResourceLinks.SCHEME);
		});
	}

	@Test
	void aResourceLinkReturnedThroughExecuteToolOpensLikeADirectOne() {
		new OrgAdmin(rest(this.org, "owner")).collapseThreshold(1);
		McpWire owner = new McpWire(baseUrl(), this.organizations.token(this.org, "owner"));
		JsonNode result = owner.result("tools/call", Map.of("name", "execute_tool", "arguments",
				Map.of("name", "ev__get-resource-links", "arguments", Map.of("count", 1))));
		String uri = result.path("content").get(1).path("uri").asText();
		assertThat(uri).startsWith(ResourceLinks.SCHEME);
		JsonNode read = owner.result("resources/read", Map.of("uri", uri));
		assertThat(read.path("contents").get(0).path("blob").asText()).isNotEmpty();
	}

	@Test
	void aResourceLinkIsRefusedToAnotherMemberForgedOrAfterARestrictionRemovesItsTool() {
		OrgAdmin admin = new OrgAdmin(rest(this.org, "owner"));
		admin.invite("bob", "MEMBER");
		McpWire owner = new McpWire(baseUrl(), this.organizations.token(this.org, "owner"));
		JsonNode result = owner.result("tools/call",
				Map.of("name", "ev__get-resource-links", "arguments", Map.of("count", 2)));
		String uri = result.path("content").get(2).path("uri").asText();

		// another member holding the link: not theirs, as if it did not exist
		McpWire bob = new McpWire(baseUrl(), this.organizations.token(this.org, "bob"));
		assertRefused(bob.call("resources/read", Map.of("uri", uri)), -32002, "not a resource link a tool gave you");

		// forged: made up, altered, truncated, or the upstream's own URI
		int middle = ResourceLinks.SCHEME.length() + (uri.length() - ResourceLinks.SCHEME.length()) / 2;
		String altered = uri.substring(0, middle) + (uri.charAt(middle) == 'A' ? 'B' : 'A') + uri.substring(middle + 1);
		// and a hostile one: near the body limit, with control characters
		String oversized = ResourceLinks.SCHEME + "eyJ\u0000\r\n" + "A".repeat(900_000);
		for (String forged : List.of(ResourceLinks.SCHEME + "eyJhbGciOiJkaXIifQ..x.y.z", altered,
				uri.substring(0, uri.length() - 4), "demo://resource/dynamic/text/2", oversized)) {
			assertRefused(owner.call("resources/read", Map.of("uri", forged)), -32002,
					"not a resource link a tool gave you");
		}
		// 2026-07-28 says -32602 for a resource that cannot be read (SEP-2164)
		assertRefused(owner.modern("resources/read", altered, Map.of("uri", altered)), -32602,
				"not a resource link a tool gave you");

		// the link's own caller, once a restriction withholds the tool that returned it
		assertThat(owner.result("resources/read", Map.of("uri", uri)).path("contents")).hasSize(1);
		admin.block("user:owner", List.of("tool:everything.get-resource-links"));
		assertRefused(owner.call("resources/read", Map.of("uri", uri)), -32002, "Denied by the restriction gate");

		List<JsonNode> reads = audit("resources/read");
		assertThat(reads)
			.extracting((entry) -> entry.path("subject").asText() + " " + entry.path("decision").asText() + " "
					+ entry.path("gate").asText("-") + " " + entry.path("outcome").asText())
			.containsExactlyInAnyOrder("bob denied name unknown", "owner denied name unknown",
					"owner denied name unknown", "owner denied name unknown", "owner denied name unknown",
					"owner denied name unknown", "owner denied name unknown", "owner allowed - success",
					"owner denied restriction denied");
		assertThat(reads).as("what a caller sends reaches the trail bounded")
			.allSatisfy(
					(entry) -> assertThat(entry.toString()).hasSizeLessThan(8_192).doesNotContain("AAAAAAAAAAAAAAAA"));
	}

	private static void assertRefused(Rest.Response response, int code, String reason) {
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		assertThat(response.json().path("error").path("code").asInt()).as(response.body()).isEqualTo(code);
		assertThat(response.json().path("error").path("message").asText()).contains(reason);
		assertThat(response.json().has("result")).isFalse();
	}

	private List<JsonNode> audit(String tool) {
		List<JsonNode> entries = new java.util.ArrayList<>();
		rest(this.org, "owner").get("/api/v1/audit?tool=" + tool).json().path("entries").forEach(entries::add);
		return entries;
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
