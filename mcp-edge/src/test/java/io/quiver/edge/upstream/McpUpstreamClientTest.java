package io.quiver.edge.upstream;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.Classification;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.connection.api.GrantReference;
import io.quiver.command.connection.vault.Credential;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.command.connection.vault.TestVaults;
import io.quiver.command.organization.api.OutboundPolicy;
import io.quiver.query.gate.outbound.HostResolver;
import io.quiver.query.gate.outbound.OutboundUrlGate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The MCP client against {@link HandMadeMcpServer}: pagination, an older protocol
 * version, SSE answers with interleaved events, expired sessions, broken servers.
 */
class McpUpstreamClientTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final CredentialVault vault = TestVaults.inMemory();

	private HandMadeMcpServer server;

	private McpUpstreamClient client;

	private McpToolExecutor executor;

	private ConnectorDefinition connector;

	@BeforeEach
	void setUp() throws Exception {
		this.server = new HandMadeMcpServer();
		ResultRedactor redactor = new ResultRedactor(ResultRedactor.DEFAULT_PATTERNS);
		this.client = new McpUpstreamClient(new OutboundHttp(), new OutboundUrlGate(HostResolver.SYSTEM), redactor);
		this.executor = new McpToolExecutor(this.client, vault, redactor);
		this.connector = new ConnectorDefinition("handmade", "Hand-made", ConnectorKind.MCP, null, this.server.url(),
				null, Map.of("X-Tenant", "acme"), true, 1);
	}

	@AfterEach
	void tearDown() {
		this.server.close();
	}

	@Test
	void givenThreePagesOfTools_whenImported_thenEveryPageIsFollowedAndEachToolMapped() throws Exception {
		this.server.pages = List.of(
				tools("[{\"name\": \"search\", \"title\": \"Search\", \"description\": \"Finds things\", "
						+ "\"inputSchema\": {\"type\": \"object\", \"properties\": {\"q\": {\"type\": \"string\"}}}, "
						+ "\"annotations\": {\"readOnlyHint\": true}}, {\"name\": \"drop_table\", "
						+ "\"annotations\": {\"destructiveHint\": true, \"title\": \"Drop\"}}]"),
				tools("[{\"name\": \"update\", \"annotations\": {\"readOnlyHint\": false, \"destructiveHint\": false}}, "
						+ "{\"name\": \"search\"}, {\"name\": \"\"}]"),
				tools("[{\"name\": \"plain\", \"outputSchema\": {\"type\": \"object\"}}, "
						+ "{\"name\": \"tasked\", \"execution\": {\"taskSupport\": \"required\"}}]"));

		List<OperationDefinition> tools = this.client.importTools(this.connector, new Credential.Bearer("tok"));

		assertThat(tools).extracting(OperationDefinition::name)
			.containsExactly("search", "drop_table", "update", "plain");
		assertThat(tools).extracting(OperationDefinition::classification)
			.containsExactly(Classification.READ, Classification.DESTRUCTIVE, Classification.WRITE,
					Classification.WRITE);
		OperationDefinition search = tools.get(0);
		assertThat(search.title()).isEqualTo("Search");
		assertThat(search.description()).isEqualTo("Finds things");
		assertThat(search.inputSchema().path("properties").has("q")).isTrue();
		assertThat(search.method()).isNull();
		assertThat(search.path()).isNull();
		assertThat(search.annotations().path("readOnlyHint").asBoolean()).isTrue();
		assertThat(tools.get(1).title()).isEqualTo("Drop");
		assertThat(tools.get(3).inputSchema()).isEqualTo(JSON.readTree("{\"type\": \"object\"}"));
		// an output schema is kept (R12.7); a tool that runs only as a task is not
		// imported
		assertThat(tools.get(3).outputSchema()).isEqualTo(JSON.readTree("{\"type\": \"object\"}"));
		assertThat(tools.get(0).outputSchema()).isNull();
		// the server offers the same tools whatever the client declares: none needs a
		// capability
		assertThat(tools).allSatisfy((tool) -> assertThat(tool.clientCapabilities()).isEmpty());
		// four listings (every capability, none, sampling alone, elicitation alone), each
		// session ended
		assertThat(this.server.deletions.get()).isEqualTo(4);
	}

	@Test
	void givenAnInitializedSession_whenRequesting_thenTheProtocolHeadersAreSent() {
		this.server.pages = List.of(tools("[{\"name\": \"a\"}]"));

		this.client.importTools(this.connector, new Credential.Bearer("tok"));

		RecordingHttpServer.Received initialize = this.server.http.received.poll();
		RecordingHttpServer.Received initialized = this.server.http.received.poll();
		RecordingHttpServer.Received list = this.server.http.received.poll();
		assertThat(initialize.header("Accept")).isEqualTo("application/json, text/event-stream");
		assertThat(initialize.header("MCP-Protocol-Version")).isNull();
		assertThat(initialize.body()).contains("\"protocolVersion\":\"2025-11-25\"");
		assertThat(initialized.body()).contains("notifications/initialized").doesNotContain("\"id\"");
		for (RecordingHttpServer.Received request : List.of(initialized, list)) {
			assertThat(request.header("MCP-Protocol-Version")).isEqualTo("2025-06-18");
			assertThat(request.header("Mcp-Session-Id")).isEqualTo("session-1");
			assertThat(request.header("Authorization")).isEqualTo("Bearer tok");
			assertThat(request.header("X-Tenant")).isEqualTo("acme");
		}
	}

	@Test
	void givenAServerOnTheOldestRevision_whenRequesting_thenNoProtocolVersionHeaderIsSent() {
		this.server.protocolVersion = "2025-03-26";

		this.client.importTools(this.connector, null);

		this.server.http.received.poll();
		assertThat(this.server.http.received.poll().header("MCP-Protocol-Version")).isNull();
	}

	@Test
	void givenAnUnsupportedProtocolVersion_whenImporting_thenRefusedWithWhatIsSupported() {
		this.server.protocolVersion = "2024-11-05";

		assertThatThrownBy(() -> this.client.importTools(this.connector, null))
			.isInstanceOf(UpstreamImportException.class)
			.hasMessageContaining("2024-11-05")
			.hasMessageContaining("2025-11-25, 2025-06-18, 2025-03-26")
			.extracting((ex) -> ((UpstreamImportException) ex).errorCode())
			.isEqualTo("upstream-malformed");
	}

	@Test
	void givenARepeatingCursor_whenImporting_thenStoppedAsMalformed() {
		this.server.pages = List.of(tools("[{\"name\": \"a\"}]"), tools("[{\"name\": \"b\"}]"),
				tools("[{\"name\": \"c\"}]"));
		this.server.repeatCursor = true;

		assertThatThrownBy(() -> this.client.importTools(this.connector, null))
			.isInstanceOf(UpstreamImportException.class)
			.hasMessageContaining("repeats a tools/list cursor");
	}

	@Test
	void givenAnSseAnswerWithNotificationsFirstAndTheStreamLeftOpen_whenCalled_thenTheResponseIsPickedAtOnce() {
		long started = System.nanoTime();
		UpstreamResult result = call("search", "{\"q\": \"roadmap\"}", new OutboundPolicy(5000, 65536));
		long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

		assertThat(result.isError()).as(result.content().toString()).isFalse();
		assertThat(result.content().get(0).path("text").asText()).isEqualTo("called search");
		assertThat(result.structuredContent().path("arguments").path("q").asText()).isEqualTo("roadmap");
		assertThat(result.reachedAccount()).isEqualTo("handmade-work");
		assertThat(tookMillis).isLessThan(3000);
	}

	@Test
	void givenAJsonAnswer_whenCalled_thenItIsPassedBack() {
		this.server.sse = false;

		UpstreamResult result = call("search", "{}", null);

		assertThat(result.isError()).isFalse();
		assertThat(result.structuredContent().path("tool").asText()).isEqualTo("search");
	}

	@Test
	void givenTheServerForgotTheSession_whenCalled_thenTheClientInitializesOnceMoreAndSucceeds() {
		this.server.sse = false;
		assertThat(call("search", "{}", null).isError()).isFalse();
		this.server.forgetSessions();

		UpstreamResult result = call("search", "{}", null);

		assertThat(result.isError()).as(result.content().toString()).isFalse();
		assertThat(this.server.initializations.get()).isEqualTo(2);
		assertThat(this.client.cachedSessions()).isEqualTo(1);
	}

	@Test
	void givenTheServerForgotTheSessionAndAnswers400_whenCalled_thenTheClientInitializesOnceMoreAndSucceeds() {
		this.server.sse = false;
		this.server.unknownSessionStatus = 400;
		assertThat(call("search", "{}", null).isError()).isFalse();
		this.server.forgetSessions();

		UpstreamResult result = call("search", "{}", null);

		assertThat(result.isError()).as(result.content().toString()).isFalse();
		assertThat(this.server.initializations.get()).isEqualTo(2);
	}

	@Test
	void givenAJsonRpcError_whenCalled_thenAnInBandRpcError() {
		this.server.sse = false;

		UpstreamResult result = call("missing", "{}", null);

		assertThat(result.isError()).isTrue();
		assertThat(result.errorCode()).isEqualTo("upstream-rpc-error");
		assertThat(result.content().get(0).path("text").asText()).contains("Unknown tool: missing").contains("-32602");
	}

	@Test
	void givenAnAnswerThatIsNotJsonRpc_whenCalled_thenUpstreamMalformed() {
		this.server.rawCallAnswer = "{\"hello\": \"world\"}";

		UpstreamResult result = call("search", "{}", null);

		assertThat(result.errorCode()).isEqualTo("upstream-malformed");
	}

	@Test
	void givenAnOversizedSseAnswer_whenCalled_thenUpstreamTooLarge() {
		UpstreamResult result = call("search", "{\"q\": \"" + "x".repeat(3000) + "\"}", new OutboundPolicy(5000, 1024));

		assertThat(result.errorCode()).isEqualTo("upstream-too-large");
	}

	private UpstreamResult call(String tool, String arguments, OutboundPolicy policy) {
		try {
			GrantReference grant = vault.store("org-1", "conn-1", new Credential.Bearer("tok"));
			OperationDefinition operation = new OperationDefinition(tool, null, null, null, null, null, null, null,
					null, Classification.WRITE, null);
			return this.executor.execute(new UpstreamCall("org-1", this.connector, operation, "conn-1", "handmade-work",
					grant, (ObjectNode) JSON.readTree(arguments), policy, CallRelay.NONE));
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static ArrayNode tools(String json) {
		try {
			return (ArrayNode) JSON.readTree(json);
		}
		catch (Exception ex) {
			throw new IllegalArgumentException(ex);
		}
	}

}
