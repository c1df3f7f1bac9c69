package io.quiver.edge.upstream;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
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
 * The MCP client and executor against a real upstream: the official Java SDK server
 * ({@code io.modelcontextprotocol.sdk:mcp}) on embedded Tomcat behind a bearer filter.
 */
class McpSdkUpstreamTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final String TOKEN = "canary-mcp-token-93b1e0f7c2a84d56";

	private static final CredentialVault vault = TestVaults.inMemory();

	private SdkMcpServer server;

	private McpUpstreamClient client;

	private McpToolExecutor executor;

	private ConnectorDefinition connector;

	private GrantReference grant;

	@BeforeEach
	void setUp() throws Exception {
		this.server = new SdkMcpServer(TOKEN);
		ResultRedactor redactor = new ResultRedactor(ResultRedactor.DEFAULT_PATTERNS);
		this.client = new McpUpstreamClient(new OutboundHttp(), new OutboundUrlGate(HostResolver.SYSTEM), redactor);
		this.executor = new McpToolExecutor(this.client, vault, redactor);
		this.connector = new ConnectorDefinition("pages", "Pages", ConnectorKind.MCP, null, this.server.url(), null,
				null, true, 1);
		this.grant = vault.store("org-1", "conn-1", new Credential.Bearer(TOKEN));
	}

	@AfterEach
	void tearDown() throws Exception {
		this.server.close();
	}

	@Test
	void givenAnnotatedTools_whenImported_thenClassificationsFollowTheAnnotations() {
		List<OperationDefinition> tools = this.client.importTools(this.connector, new Credential.Bearer(TOKEN));

		Map<String, Classification> byName = new java.util.TreeMap<>();
		tools.forEach((tool) -> byName.put(tool.name(), tool.classification()));
		assertThat(byName).containsExactlyEntriesOf(new java.util.TreeMap<>(Map.of("search_pages", Classification.READ,
				"delete_page", Classification.DESTRUCTIVE, "create_page", Classification.WRITE, "echo_auth",
				Classification.WRITE, "failing", Classification.WRITE, "slow", Classification.WRITE)));
		OperationDefinition search = tools.stream().filter((t) -> t.name().equals("search_pages")).findFirst().get();
		assertThat(search.title()).isEqualTo("Search pages");
		assertThat(search.inputSchema().path("required").get(0).asText()).isEqualTo("query");
		assertThat(search.method()).isNull();
	}

	@Test
	void givenTheWrongCredential_whenImporting_thenRefusedWithTheStatus() {
		assertThatThrownBy(() -> this.client.importTools(this.connector, new Credential.Bearer("wrong")))
			.isInstanceOf(UpstreamImportException.class)
			.hasMessageContaining("401")
			.hasMessageNotContaining("wrong");
		assertThat(this.server.rejected.get()).isEqualTo(1);
	}

	@Test
	void givenATool_whenCalled_thenContentStructuredContentAndIsErrorComeBack() {
		UpstreamResult result = call("search_pages", "{\"query\": \"roadmap\"}", null);

		assertThat(result.isError()).as(result.content().toString()).isFalse();
		assertThat(result.errorCode()).isNull();
		assertThat(result.content().get(0).path("text").asText()).isEqualTo("found 2 pages for roadmap");
		assertThat(result.structuredContent().path("pages")).hasSize(2);
		assertThat(result.reachedConnectionId()).isEqualTo("conn-1");
		assertThat(result.reachedAccount()).isEqualTo("pages-work");
		System.out.println("[observed] SDK server answered tools/call with " + this.server.lastContentType.get());
	}

	@Test
	void givenAToolReportingAnError_whenCalled_thenIsErrorAndItsContentArePassedBack() {
		UpstreamResult result = call("failing", "{}", null);

		assertThat(result.isError()).isTrue();
		assertThat(result.errorCode()).isEqualTo("upstream-tool-error");
		assertThat(result.content().get(0).path("text").asText()).isEqualTo("the page is locked");
	}

	@Test
	void givenTheCredential_whenCalled_thenItReachesTheUpstreamButNeverTheResult() {
		UpstreamResult result = call("echo_auth", "{}", null);

		assertThat(this.server.lastAuthorization.get()).isEqualTo("Bearer " + TOKEN);
		assertThat(result.isError()).isFalse();
		assertThat(result.content().toString()).doesNotContain(TOKEN).contains(ResultRedactor.MARK);
		assertThat(result.structuredContent().toString()).doesNotContain(TOKEN).contains(ResultRedactor.MARK);
	}

	@Test
	void givenTheUpstreamKilledMidCall_whenItComesBackOnTheSamePort_thenThatCallFailsInBandAndTheNextSucceeds()
			throws Exception {
		try (KillableTcpProxy proxy = new KillableTcpProxy(portOf(this.server.url()))) {
			this.connector = new ConnectorDefinition("pages", "Pages", ConnectorKind.MCP, null,
					"http://127.0.0.1:" + proxy.port() + "/mcp", null, null, true, 1);
			assertThat(call("search_pages", "{\"query\": \"warm\"}", null).isError()).isFalse();
			OutboundPolicy policy = new OutboundPolicy(4000, 65536);

			Timed failed = callInFlight(policy, proxy::kill);
			this.server.restartOnSamePort();
			proxy.revive();
			UpstreamResult next = call("search_pages", "{\"query\": \"again\"}", policy);

			System.out
				.println("[measured] upstream killed mid-call (4000 ms budget): in-band " + failed.result().errorCode()
						+ " after " + failed.millis() + " ms; next call isError=" + next.isError());
			assertThat(failed.result().isError()).isTrue();
			assertThat(failed.result().errorCode()).isEqualTo("upstream-unreachable");
			assertThat(failed.result().content().get(0).path("text").asText()).contains("pages-work")
				.contains("may or may not have acted");
			assertThat(failed.millis()).isLessThan(4000);
			assertThat(next.isError()).as(next.content().toString()).isFalse();
			assertThat(next.content().get(0).path("text").asText()).isEqualTo("found 2 pages for again");
		}
	}

	@Test
	void givenTheUpstreamHangingOnACallAsItStops_whenCalled_thenTheCallTimesOutInBandWithinTheBudget()
			throws Exception {
		OutboundPolicy policy = new OutboundPolicy(2000, 65536);

		CompletableFuture<Void> stopping = new CompletableFuture<>();
		Timed failed = callInFlight(policy,
				() -> CompletableFuture.runAsync(this::stopQuietly).whenComplete((v, ex) -> stopping.complete(null)));
		stopping.get(10, TimeUnit.SECONDS);

		System.out.println("[measured] upstream hanging mid-call (2000 ms budget): in-band "
				+ failed.result().errorCode() + " after " + failed.millis() + " ms");
		assertThat(failed.result().errorCode()).isEqualTo("upstream-timeout");
		assertThat(failed.millis()).isBetween(1900L, 2500L);
		this.server.start(portOf(this.server.url()));
		assertThat(call("search_pages", "{\"query\": \"again\"}", policy).isError()).isFalse();
	}

	/** Starts the slow tool, does {@code meanwhile} once it runs, and times the call. */
	private Timed callInFlight(OutboundPolicy policy, Interruption meanwhile) throws Exception {
		this.server.slowStarted = new CountDownLatch(1);
		CompletableFuture<Timed> inFlight = CompletableFuture.supplyAsync(() -> {
			long started = System.nanoTime();
			UpstreamResult result = call("slow", "{}", policy);
			return new Timed(result, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
		});
		assertThat(this.server.slowStarted.await(5, TimeUnit.SECONDS)).isTrue();
		meanwhile.run();
		return inFlight.get(10, TimeUnit.SECONDS);
	}

	private void stopQuietly() {
		try {
			this.server.stop();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private record Timed(UpstreamResult result, long millis) {
	}

	@FunctionalInterface
	private interface Interruption {

		void run() throws Exception;

	}

	@Test
	void givenTheUpstreamRestartedBetweenCalls_whenCalled_thenTheStaleSessionIsReplacedAndTheCallSucceeds()
			throws Exception {
		assertThat(call("search_pages", "{\"query\": \"one\"}", null).isError()).isFalse();
		this.server.restartOnSamePort();

		UpstreamResult result = call("search_pages", "{\"query\": \"two\"}", null);

		assertThat(result.isError()).as(result.content().toString()).isFalse();
		assertThat(result.content().get(0).path("text").asText()).isEqualTo("found 2 pages for two");
	}

	@Test
	void givenTheUpstreamDown_whenCalled_thenUnreachableInBandWithinTheTimeout() throws Exception {
		assertThat(call("search_pages", "{\"query\": \"one\"}", null).isError()).isFalse();
		this.server.stop();

		long started = System.nanoTime();
		UpstreamResult result = call("search_pages", "{\"query\": \"two\"}", new OutboundPolicy(2000, 65536));
		long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
		this.server.start(portOf(this.server.url()));

		assertThat(result.errorCode()).isEqualTo("upstream-unreachable");
		assertThat(result.reachedConnectionId()).isNull();
		assertThat(tookMillis).isLessThan(2000);
	}

	private UpstreamResult call(String tool, String arguments, OutboundPolicy policy) {
		try {
			OperationDefinition operation = new OperationDefinition(tool, null, null, null, null, null, null, null,
					null, Classification.WRITE, null);
			return this.executor.execute(new UpstreamCall("org-1", this.connector, operation, "conn-1", "pages-work",
					this.grant, (ObjectNode) JSON.readTree(arguments), policy, CallRelay.NONE));
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static int portOf(String url) {
		return java.net.URI.create(url).getPort();
	}

}
