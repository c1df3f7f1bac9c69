package io.quiver.edge.upstream;

import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.BodyEncoding;
import io.quiver.command.catalog.api.Classification;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.catalog.api.ParameterLocation;
import io.quiver.command.connection.api.GrantReference;
import io.quiver.command.connection.vault.Credential;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.command.connection.vault.TestVaults;
import io.quiver.command.organization.api.OutboundPolicy;
import io.quiver.edge.catalog.OpenApiConnectorImporter;
import io.quiver.edge.catalog.OpenApiConnectorImporterTest;
import io.quiver.query.gate.outbound.HostResolver;
import io.quiver.query.gate.outbound.OutboundUrlGate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static io.quiver.edge.upstream.RecordingHttpServer.json;
import static io.quiver.edge.upstream.RecordingHttpServer.redirect;
import static io.quiver.edge.upstream.RecordingHttpServer.send;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP executor against a real HTTP server on loopback. The server is on a private
 * address, so the connector is registered with {@code allowPrivateNetwork} for the
 * positive cases; the refusals show what happens without it.
 */
class HttpToolExecutorTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final String CANARY = "canary-token-5d1f0c9a7b3e4f21";

	private RecordingHttpServer server;

	/** One migrated database for the class: each test stores its own grants. */
	private static final CredentialVault vault = TestVaults.inMemory();

	private HttpToolExecutor executor;

	private ConnectorDefinition connector;

	@BeforeEach
	void setUp() throws Exception {
		this.server = new RecordingHttpServer();
		this.server.on("/v1/echo", HttpToolExecutorTest::echo);
		this.executor = new HttpToolExecutor(new OutboundHttp(), new OutboundUrlGate(HostResolver.SYSTEM), vault,
				new ResultRedactor(ResultRedactor.DEFAULT_PATTERNS));
		this.connector = connector(this.server.baseUrl() + "/v1", true);
	}

	@AfterEach
	void tearDown() {
		this.server.close();
	}

	@Test
	void givenPathQueryAndHeaderArguments_whenExecuted_thenEachGoesWhereDeclared() throws Exception {
		this.server.on("/v1/pages/a%20b~c/blocks", HttpToolExecutorTest::echo);
		OperationDefinition op = operation("GET", "/pages/{page_id}/blocks", Map.of("page_id", ParameterLocation.PATH,
				"tag", ParameterLocation.QUERY, "X-Trace", ParameterLocation.HEADER));

		UpstreamResult result = execute(op,
				"{\"page_id\": \"a b~c\", \"tag\": [\"x\", \"y z\"], \"limit\": 5, \"X-Trace\": \"t-1\"}", null);

		assertThat(result.isError()).as(text(result)).isFalse();
		RecordingHttpServer.Received request = this.server.received.poll();
		assertThat(request.rawPath()).isEqualTo("/v1/pages/a%20b~c/blocks");
		assertThat(request.rawQuery()).isEqualTo("tag=x&tag=y%20z&limit=5");
		assertThat(request.header("X-Trace")).isEqualTo("t-1");
		assertThat(request.header("Notion-Version")).isEqualTo("2022-06-28");
		assertThat(result.structuredContent().path("method").asText()).isEqualTo("GET");
		assertThat(result.content().get(0).path("type").asText()).isEqualTo("text");
		assertThat(JSON.readTree(text(result))).isEqualTo(result.structuredContent());
		assertThat(result.reachedConnectionId()).isEqualTo("conn-1");
		assertThat(result.reachedAccount()).isEqualTo("api-work");
		assertThat(result.errorCode()).isNull();
	}

	@ParameterizedTest
	@CsvSource({ "GET, READ", "HEAD, READ", "POST, WRITE", "PUT, WRITE", "PATCH, WRITE", "DELETE, DESTRUCTIVE" })
	void givenEachMethodClass_whenExecuted_thenTheUpstreamSeesThatMethod(String method, Classification expected) {
		OperationDefinition op = operation(method, "/echo", Map.of());

		UpstreamResult result = execute(op, "{}", null);

		assertThat(op.classification()).isEqualTo(expected);
		assertThat(result.isError()).as(text(result)).isFalse();
		assertThat(this.server.received.poll().method()).isEqualTo(method);
	}

	@Test
	void givenBodyArgumentsAndAClashingName_whenPostedAsJson_thenTheBodyIsAJsonObject() throws Exception {
		OperationDefinition op = new OperationDefinition("create_page", null, null, "POST", "/echo", null,
				Map.of("id", ParameterLocation.QUERY, "body_id", ParameterLocation.BODY), BodyEncoding.JSON, null,
				Classification.WRITE, null);

		execute(op, "{\"id\": \"q\", \"body_id\": \"b\", \"title\": \"Roadmap\", \"tags\": [1, 2]}", null);

		RecordingHttpServer.Received request = this.server.received.poll();
		assertThat(request.rawQuery()).isEqualTo("id=q");
		assertThat(request.header("Content-Type")).isEqualTo("application/json");
		assertThat(JSON.readTree(request.body()))
			.isEqualTo(JSON.readTree("{\"id\": \"b\", \"title\": \"Roadmap\", \"tags\": [1, 2]}"));
	}

	@Test
	void givenAFormOperation_whenPosted_thenNestedArgumentsFlattenStripeStyle() {
		OperationDefinition op = new OperationDefinition("create_charge", null, null, "POST", "/echo", null, Map.of(),
				BodyEncoding.FORM, null, Classification.WRITE, null);

		execute(op, "{\"amount\": 2000, \"metadata\": {\"order\": \"6735\", \"note\": \"a&b=c\"}, "
				+ "\"items\": [{\"price\": \"p1\"}, {\"price\": \"p2\"}], \"expand\": [\"customer\"], \"skip\": null}",
				null);

		RecordingHttpServer.Received request = this.server.received.poll();
		assertThat(request.header("Content-Type")).isEqualTo("application/x-www-form-urlencoded");
		assertThat(URLDecoder.decode(request.body(), StandardCharsets.UTF_8)).isEqualTo("amount=2000"
				+ "&metadata[order]=6735&metadata[note]=a&b=c&items[0][price]=p1&items[1][price]=p2&expand[0]=customer");
		assertThat(request.body()).contains("metadata%5Bnote%5D=a%26b%3Dc");
	}

	@Test
	void givenAGraphqlOperation_whenExecuted_thenQueryAndVariablesAreSent() throws Exception {
		String query = "query Issues($first: Int) { issues(first: $first) { nodes { id } } }";
		OperationDefinition op = new OperationDefinition("list_issues", null, null, "POST", "/echo", null, Map.of(),
				BodyEncoding.GRAPHQL, query, Classification.READ, null);

		execute(op, "{\"first\": 10}", null);

		RecordingHttpServer.Received request = this.server.received.poll();
		assertThat(JSON.readTree(request.body())).isEqualTo(
				JSON.createObjectNode().put("query", query).set("variables", JSON.createObjectNode().put("first", 10)));
	}

	@Test
	void givenAnImportedFormOperationWithAClashingName_whenExecuted_thenPathAndBodyEachGetTheirValue() {
		String document = OpenApiConnectorImporterTest.resource("stripe-customers.json")
			.replace("https://api.stripe.com/", this.server.baseUrl());
		ConnectorDefinition stripe = new OpenApiConnectorImporter().importDocument("stripe", "Stripe", document, true);
		this.connector = stripe;
		this.server.on("/v1/customers/cus_123", HttpToolExecutorTest::echo);

		UpstreamResult result = execute(stripe.operation("post_customers_customer"),
				"{\"customer\": \"cus_123\", \"body_customer\": \"from body\", \"email\": \"a@example.com\"}",
				new Credential.Basic("sk_test_key", "x"));

		assertThat(result.isError()).as(text(result)).isFalse();
		RecordingHttpServer.Received request = this.server.received.poll();
		assertThat(request.rawPath()).isEqualTo("/v1/customers/cus_123");
		assertThat(request.header("Content-Type")).isEqualTo("application/x-www-form-urlencoded");
		assertThat(request.body()).isEqualTo("customer=from%20body&email=a%40example.com");
	}

	@Test
	void givenEachCredentialType_whenExecuted_thenTheUpstreamReceivesIt() {
		OperationDefinition op = operation("GET", "/echo", Map.of());

		execute(op, "{}", new Credential.Bearer("tok-1"));
		execute(op, "{}", new Credential.Header("X-Api-Key", "key-2"));
		execute(op, "{}", new Credential.Basic("alice", "pw-3"));

		assertThat(this.server.received.poll().header("Authorization")).isEqualTo("Bearer tok-1");
		assertThat(this.server.received.poll().header("X-Api-Key")).isEqualTo("key-2");
		assertThat(this.server.received.poll().header("Authorization"))
			.isEqualTo("Basic " + Base64.getEncoder().encodeToString("alice:pw-3".getBytes(StandardCharsets.UTF_8)));
	}

	@Test
	void givenAHeaderArgumentNamedLikeTheCredential_whenExecuted_thenTheCredentialWins() {
		OperationDefinition op = operation("GET", "/echo", Map.of("Authorization", ParameterLocation.HEADER));

		execute(op, "{\"Authorization\": \"Bearer forged\"}", new Credential.Bearer("tok-1"));

		assertThat(RecordingHttpServer.all(this.server.received.poll().headers(), "Authorization"))
			.containsExactly("Bearer tok-1");
	}

	@ParameterizedTest
	@ValueSource(strings = { "Bearer", "Header", "Basic" })
	void givenACanaryCredentialEchoedByTheUpstream_whenExecuted_thenTheResultNeverShowsIt(String type)
			throws Exception {
		Credential credential = switch (type) {
			case "Bearer" -> new Credential.Bearer(CANARY);
			case "Header" -> new Credential.Header("X-Api-Key", CANARY);
			default -> new Credential.Basic("alice", CANARY);
		};
		this.server.on("/v1/leak", (exchange, request) -> json(exchange, 200, JSON.createObjectNode()
			.put("auth", request.header("Authorization"))
			.put("key", request.header("X-Api-Key"))
			.put("note", "your token is " + CANARY + " and sk_live_4eC39HqLyjWDarjtT1zdp7dc")
			.put("aws", "AKIAIOSFODNN7EXAMPLE")
			.put("jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U")
			.set("nested",
					JSON.createArrayNode().add("Bearer " + CANARY).add("ghp_16C7e42F292c6912E7710c838347Ae178B4a"))
			.toString()));
		this.server.on("/v1/leak-text",
				(exchange, request) -> send(exchange, 200, "text/plain", "echo: " + request.headers().entrySet()));
		this.server.on("/v1/leak-error", (exchange, request) -> send(exchange, 500, "text/plain",
				"boom for " + request.header("Authorization") + " / " + request.header("X-Api-Key") + " / " + CANARY));

		UpstreamResult json = execute(operation("GET", "/leak", Map.of()), "{}", credential);
		UpstreamResult text = execute(operation("GET", "/leak-text", Map.of()), "{}", credential);
		UpstreamResult error = execute(operation("GET", "/leak-error", Map.of()), "{}", credential);

		for (UpstreamResult result : List.of(json, text, error)) {
			String all = result.content() + " " + result.structuredContent();
			assertThat(all).doesNotContain(CANARY)
				.doesNotContain(
						Base64.getEncoder().encodeToString(("alice:" + CANARY).getBytes(StandardCharsets.UTF_8)))
				.contains(ResultRedactor.MARK);
		}
		String redacted = json.structuredContent().toString();
		assertThat(redacted).doesNotContain("sk_live_4eC39")
			.doesNotContain("AKIAIOSFODNN7EXAMPLE")
			.doesNotContain("eyJhbGciOiJIUzI1NiJ9.eyJzdWIi")
			.doesNotContain("ghp_16C7e42F");
		assertThat(error.isError()).isTrue();
		assertThat(error.errorCode()).isEqualTo("upstream-5xx");
	}

	@ParameterizedTest
	@ValueSource(strings = { "..", "../admin", "%2e%2e", "a/b", "http://evil.example/x" })
	void givenAnEscapingPathArgument_whenExecuted_thenRefusedBeforeAnyRequest(String id) {
		OperationDefinition op = operation("GET", "/pages/{id}", Map.of("id", ParameterLocation.PATH));

		UpstreamResult result = execute(op, JSON.createObjectNode().put("id", id), null);

		assertThat(result.isError()).isTrue();
		assertThat(result.errorCode()).isEqualTo("outbound-url-refused");
		assertThat(result.reachedConnectionId()).isNull();
		assertThat(this.server.received).isEmpty();
	}

	@Test
	void givenALoopbackUpstreamWithoutThePrivateNetworkAllowance_whenExecuted_thenRefused() {
		this.connector = connector(this.server.baseUrl() + "/v1", false);

		UpstreamResult result = execute(operation("GET", "/echo", Map.of()), "{}", null);

		assertThat(result.errorCode()).isEqualTo("outbound-url-refused");
		assertThat(text(result)).contains("loopback").contains("api-work");
		assertThat(this.server.received).isEmpty();
	}

	@Test
	void givenAHeaderArgumentWithALineBreak_whenExecuted_thenRefusedBeforeAnyRequest() {
		OperationDefinition op = operation("GET", "/echo", Map.of("X-Trace", ParameterLocation.HEADER));

		UpstreamResult result = execute(op, JSON.createObjectNode().put("X-Trace", "a\r\nX-Injected: 1"), null);

		assertThat(result.errorCode()).isEqualTo("upstream-request-refused");
		assertThat(text(result)).contains("X-Trace").doesNotContain("X-Injected");
		assertThat(this.server.received).isEmpty();
	}

	@Test
	void givenARedirectOnTheBaseUrl_whenExecuted_thenItIsFollowedAndA303BecomesAGet() {
		this.server.on("/v1/old", (exchange, request) -> redirect(exchange, 303, "/v1/echo?moved=1"));

		UpstreamResult result = execute(operation("POST", "/old", Map.of()), "{\"a\": 1}", null);

		assertThat(result.isError()).as(text(result)).isFalse();
		assertThat(result.structuredContent().path("method").asText()).isEqualTo("GET");
		assertThat(result.structuredContent().path("query").asText()).isEqualTo("moved=1");
	}

	@ParameterizedTest
	@ValueSource(strings = { "http://evil.example/v1/echo", "http://localhost:%d/v1/echo", "/v2/echo",
			"http://169.254.169.254/latest/meta-data/" })
	void givenARedirectOffTheBaseUrl_whenExecuted_thenRefused(String location) {
		String target = location.contains("%d") ? String.format(location, this.server.port()) : location;
		this.server.on("/v1/away", (exchange, request) -> redirect(exchange, 302, target));

		UpstreamResult result = execute(operation("GET", "/away", Map.of()), "{}", null);

		assertThat(result.errorCode()).isEqualTo("outbound-url-refused");
		assertThat(text(result)).contains("redirect");
		assertThat(result.reachedAccount()).isEqualTo("api-work");
		assertThat(this.server.received).hasSize(1);
	}

	@Test
	void givenEndlessRedirects_whenExecuted_thenStoppedAfterThree() {
		this.server.on("/v1/loop", (exchange, request) -> redirect(exchange, 307, "/v1/loop"));

		UpstreamResult result = execute(operation("GET", "/loop", Map.of()), "{}", null);

		assertThat(result.errorCode()).isEqualTo("upstream-too-many-redirects");
		assertThat(this.server.received).hasSize(4);
	}

	@Test
	void givenASlowUpstream_whenExecuted_thenATimeoutComesBackWithinTheBound() {
		this.server.on("/v1/slow", (exchange, request) -> {
			Thread.sleep(10_000);
			json(exchange, 200, "{}");
		});

		long started = System.nanoTime();
		UpstreamResult result = execute(operation("GET", "/slow", Map.of()), "{}", null, new OutboundPolicy(500, 4096));
		long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

		System.out.println("[measured] slow upstream, 500 ms budget: in-band timeout after " + tookMillis + " ms");
		assertThat(result.errorCode()).isEqualTo("upstream-timeout");
		assertThat(text(result)).contains("api-work").contains("500 ms");
		assertThat(tookMillis).isBetween(450L, 1500L);
	}

	@Test
	void givenAnUpstreamDrippingItsBody_whenExecuted_thenTheWholeCallIsBoundedNotJustTheHeaders() {
		this.server.on("/v1/drip", (exchange, request) -> {
			exchange.getResponseHeaders().set("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, 0);
			OutputStream out = exchange.getResponseBody();
			out.write('[');
			for (int i = 0; i < 100; i++) {
				out.write(("" + i + ",").getBytes(StandardCharsets.UTF_8));
				out.flush();
				Thread.sleep(100);
			}
		});

		long started = System.nanoTime();
		UpstreamResult result = execute(operation("GET", "/drip", Map.of()), "{}", null, new OutboundPolicy(700, 4096));
		long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

		System.out.println("[measured] dripping body, 700 ms budget: in-band timeout after " + tookMillis + " ms");
		assertThat(result.errorCode()).isEqualTo("upstream-timeout");
		assertThat(tookMillis).isBetween(650L, 1700L);
	}

	@Test
	void givenA5xx_whenExecuted_thenAnInBandErrorWithTheStatusAndABoundedExcerpt() {
		this.server.on("/v1/down",
				(exchange, request) -> send(exchange, 503, "text/html", "<h1>down</h1>" + "x".repeat(5000)));

		UpstreamResult result = execute(operation("GET", "/down", Map.of()), "{}", null);

		assertThat(result.isError()).isTrue();
		assertThat(result.errorCode()).isEqualTo("upstream-5xx");
		assertThat(text(result)).contains("503").contains("api-work").contains("<h1>down</h1>");
		assertThat(text(result).length()).isLessThanOrEqualTo(1001);
	}

	@Test
	void givenA4xx_whenExecuted_thenAnInBandErrorWithTheStatusAndWhatToDo() {
		this.server.on("/v1/denied",
				(exchange, request) -> json(exchange, 403, "{\"message\": \"token lacks scope repo\"}"));

		UpstreamResult result = execute(operation("GET", "/denied", Map.of()), "{}", null);

		assertThat(result.isError()).isTrue();
		assertThat(result.errorCode()).isEqualTo("upstream-4xx");
		assertThat(text(result)).contains("403").contains("token lacks scope repo").contains("credential");
		assertThat(result.reachedAccount()).isEqualTo("api-work");
	}

	@Test
	void givenMalformedJson_whenExecuted_thenUpstreamMalformed() {
		this.server.on("/v1/broken", (exchange, request) -> json(exchange, 200, "{\"a\": [1, 2"));

		UpstreamResult result = execute(operation("GET", "/broken", Map.of()), "{}", null);

		assertThat(result.errorCode()).isEqualTo("upstream-malformed");
		assertThat(text(result)).contains("invalid JSON");
	}

	@Test
	void givenAnOversizedBody_whenExecuted_thenUpstreamTooLargeWithoutReadingItAll() {
		this.server.on("/v1/huge", (exchange, request) -> {
			exchange.getResponseHeaders().set("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, 0);
			OutputStream out = exchange.getResponseBody();
			byte[] chunk = "x".repeat(8192).getBytes(StandardCharsets.UTF_8);
			for (int i = 0; i < 100_000; i++) {
				out.write(chunk);
			}
		});

		long started = System.nanoTime();
		UpstreamResult result = execute(operation("GET", "/huge", Map.of()), "{}", null,
				new OutboundPolicy(5000, 65536));

		assertThat(result.errorCode()).isEqualTo("upstream-too-large");
		assertThat(text(result)).contains("65536");
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isLessThan(3000);
	}

	@Test
	void givenAJsonArrayOrPlainText_whenExecuted_thenWrappedOrPassedAsText() {
		this.server.on("/v1/list", (exchange, request) -> json(exchange, 200, "[{\"id\": 1}, {\"id\": 2}]"));
		this.server.on("/v1/plain", (exchange, request) -> send(exchange, 200, "text/plain", "hello"));

		UpstreamResult list = execute(operation("GET", "/list", Map.of()), "{}", null);
		UpstreamResult plain = execute(operation("GET", "/plain", Map.of()), "{}", null);

		assertThat(list.structuredContent().path("items")).hasSize(2);
		assertThat(text(list)).isEqualTo(list.structuredContent().toString());
		assertThat(plain.structuredContent()).isNull();
		assertThat(text(plain)).isEqualTo("hello");
	}

	@Test
	void givenAnErasedCredential_whenExecuted_thenCredentialErasedWithoutAnyRequest() {
		GrantReference grant = vault.store("org-1", "conn-1", new Credential.Bearer("t"));
		vault.erase(grant.vaultRef());

		UpstreamResult result = this.executor
			.execute(new UpstreamCall("org-1", this.connector, operation("GET", "/echo", Map.of()), "conn-1",
					"api-work", grant, JSON.createObjectNode(), null, CallRelay.NONE));

		assertThat(result.errorCode()).isEqualTo("credential-erased");
		assertThat(text(result)).contains("api-work").contains("new credential");
		assertThat(this.server.received).isEmpty();
	}

	@Test
	void givenAnotherOrganisationsGrant_whenExecuted_thenTheCredentialIsNotUsed() {
		GrantReference theirs = vault.store("org-2", "conn-9", new Credential.Bearer("their-token"));

		UpstreamResult result = this.executor
			.execute(new UpstreamCall("org-1", this.connector, operation("GET", "/echo", Map.of()), "conn-1",
					"api-work", theirs, JSON.createObjectNode(), null, CallRelay.NONE));

		assertThat(result.errorCode()).isEqualTo("credential-erased");
		assertThat(this.server.received).isEmpty();
	}

	@Test
	void givenNothingListening_whenExecuted_thenUnreachableAndNoAccountReached() throws Exception {
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		this.connector = connector("http://127.0.0.1:" + port + "/v1", true);

		UpstreamResult result = execute(operation("GET", "/echo", Map.of()), "{}", null);

		assertThat(result.errorCode()).isEqualTo("upstream-unreachable");
		assertThat(result.reachedConnectionId()).isNull();
	}

	private UpstreamResult execute(OperationDefinition op, String arguments, Credential credential) {
		return execute(op, arguments, credential, new OutboundPolicy(5000, 1_048_576));
	}

	private UpstreamResult execute(OperationDefinition op, ObjectNode arguments, Credential credential) {
		return execute(op, arguments, credential, new OutboundPolicy(5000, 1_048_576));
	}

	private UpstreamResult execute(OperationDefinition op, String arguments, Credential credential,
			OutboundPolicy policy) {
		try {
			return execute(op, (ObjectNode) JSON.readTree(arguments), credential, policy);
		}
		catch (Exception ex) {
			throw new IllegalArgumentException(ex);
		}
	}

	private UpstreamResult execute(OperationDefinition op, ObjectNode arguments, Credential credential,
			OutboundPolicy policy) {
		GrantReference grant = (credential != null) ? vault.store("org-1", "conn-1", credential) : null;
		return this.executor.execute(new UpstreamCall("org-1", this.connector, op, "conn-1", "api-work", grant,
				arguments, policy, CallRelay.NONE));
	}

	private static ConnectorDefinition connector(String baseUrl, boolean allowPrivateNetwork) {
		return new ConnectorDefinition("api", "API", ConnectorKind.HTTP, null, baseUrl, List.of(),
				Map.of("Notion-Version", "2022-06-28"), allowPrivateNetwork, 1);
	}

	private static OperationDefinition operation(String method, String path, Map<String, ParameterLocation> params) {
		return new OperationDefinition("op", null, null, method, path, null, params, null, null,
				Classification.ofHttpMethod(method), null);
	}

	private static String text(UpstreamResult result) {
		return result.content().get(0).path("text").asText();
	}

	private static void echo(com.sun.net.httpserver.HttpExchange exchange, RecordingHttpServer.Received request)
			throws Exception {
		ObjectNode body = JSON.createObjectNode()
			.put("method", request.method())
			.put("path", request.rawPath())
			.put("query", request.rawQuery())
			.put("body", request.body());
		if (request.method().equals("HEAD")) {
			exchange.sendResponseHeaders(200, -1);
			return;
		}
		json(exchange, 200, body.toString());
	}

}
