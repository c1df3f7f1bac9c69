package io.quiver.edge.upstream;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.Classification;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.connection.vault.Credential;
import io.quiver.command.organization.api.OutboundPolicy;
import io.quiver.query.gate.outbound.OutboundTarget;
import io.quiver.query.gate.outbound.OutboundUrlGate;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * A Streamable HTTP client for upstream MCP servers (protocol revision 2025-11-25;
 * servers answering 2025-06-18 or 2025-03-26 are accepted). Written by hand on the JDK
 * HTTP client rather than taken from an SDK so that what matters at a gateway stays in
 * our hands: one deadline per call covering the initialisation, the retry and the body;
 * bodies read only up to the organisation's bound (JSON or SSE); every request re-checked
 * by the outbound URL gate right before it connects; and no SDK threads or retries of its
 * own.
 * <ul>
 * <li>Each request sends {@code Accept: application/json, text/event-stream}, and after
 * initialisation {@code MCP-Protocol-Version} (from 2025-06-18 on) and
 * {@code Mcp-Session-Id} when the server issued one.</li>
 * <li>A session ({@code initialize} + {@code notifications/initialized}) is kept per
 * connector URL and connection (and credential fingerprint, so that a rotated credential
 * starts a new session), at most {@value #MAX_SESSIONS}, each dropped after
 * {@value #IDLE_MINUTES} minutes idle. Evicted sessions are not deleted upstream: that
 * would mean keeping credentials in memory; the server expires them.</li>
 * <li>When the server answers 404 or 400 for a session (expired, or the server restarted:
 * servers differ in which they answer), or the connection is refused before the request
 * is sent, the client initialises again once and retries: in all these cases the call did
 * not run. When the connection breaks after the request went out, the call fails in band
 * and is not retried (the upstream may have acted), and the session is dropped, so the
 * next call starts a fresh one.</li>
 * <li>A call relays (SPEC R12.7): Quiver declares to the upstream only the client
 * capabilities its caller declared (sampling, elicitation; sessions are kept per set), a
 * caller's progress token becomes a {@code progressToken} of Quiver's own (the request
 * id) and the upstream's progress comes back to the caller, the upstream's sampling and
 * elicitation requests during the call go to the caller and its answer back, and the
 * caller's cancellation sends {@code notifications/cancelled} and aborts the
 * request.</li>
 * <li>An import declares every capability Quiver relays, so that tools a server offers
 * only to capable clients are imported too, and asks once more without them, so that such
 * a tool is known to need them ({@code clientCapabilities}). Tools that require tasks
 * ({@code execution.taskSupport: required}) are not imported: the call path does not run
 * tasks. An upstream's caching hints are never passed on.</li>
 * <li>{@code resources/read} goes the same way as {@code tools/call}, for the resource
 * links the server's tools return (SPEC R12.8).</li>
 * </ul>
 */
@Component
public class McpUpstreamClient implements DisposableBean {

	/** The client capabilities Quiver can relay from an upstream to its caller. */
	static final Set<String> RELAYED_CAPABILITIES = Set.of("sampling", "elicitation");

	/** The protocol revision Quiver asks for. */
	public static final String PROTOCOL_VERSION = "2025-11-25";

	/** The revisions Quiver accepts from a server. */
	public static final List<String> SUPPORTED_VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26");

	static final int MAX_SESSIONS = 1024;

	static final int IDLE_MINUTES = 10;

	private static final Pattern SESSION_ID = Pattern.compile("[\\x21-\\x7E]{1,256}");

	private static final int IMPORT_TIMEOUT_MILLIS = 60_000;

	private static final int IMPORT_MAX_PAGE_BYTES = 8 * 1024 * 1024;

	private static final int MAX_PAGES = 100;

	private static final int MAX_TOOLS = 2000;

	private static final int MAX_DESCRIPTION = 8000;

	private final OutboundHttp http;

	private final OutboundUrlGate gate;

	private final ResultRedactor redactor;

	private final Sessions sessions;

	private final AtomicLong ids = new AtomicLong();

	/** Runs the upstream's requests to the caller (they wait for the caller's answer). */
	private final ExecutorService relays = Executors.newCachedThreadPool((runnable) -> {
		Thread thread = new Thread(runnable, "quiver-mcp-relay");
		thread.setDaemon(true);
		return thread;
	});

	@Autowired
	public McpUpstreamClient(OutboundHttp http, OutboundUrlGate gate, ResultRedactor redactor) {
		this(http, gate, redactor, MAX_SESSIONS, Duration.ofMinutes(IDLE_MINUTES));
	}

	McpUpstreamClient(OutboundHttp http, OutboundUrlGate gate, ResultRedactor redactor, int maxSessions,
			Duration idle) {
		this.http = http;
		this.gate = gate;
		this.redactor = redactor;
		this.sessions = new Sessions(maxSessions, idle);
	}

	/**
	 * The tools of an upstream MCP server, every page of {@code tools/list}, as
	 * operations: name, title, description, input schema and annotations as given,
	 * classification from the annotations (R3.1), no method or path.
	 * @param credential the connection's credential, or null
	 * @throws UpstreamImportException when the server cannot be reached, refuses, or
	 * answers something that is not MCP
	 */
	public List<OperationDefinition> importTools(ConnectorDefinition connector, Credential credential) {
		Endpoint endpoint = endpoint(connector, credential, IMPORT_MAX_PAGE_BYTES,
				"the MCP server of connector '" + connector.id() + "'");
		Deadline deadline = Deadline.in(IMPORT_TIMEOUT_MILLIS);
		try {
			List<OperationDefinition> offeredToCapable = listWith(endpoint, RELAYED_CAPABILITIES, deadline);
			Set<String> offeredToAll = names(listWith(endpoint, Set.of(), deadline));
			Set<String> withSampling = names(listWith(endpoint, Set.of("sampling"), deadline));
			Set<String> withElicitation = names(listWith(endpoint, Set.of("elicitation"), deadline));
			List<OperationDefinition> operations = new ArrayList<>();
			for (OperationDefinition operation : offeredToCapable) {
				String name = operation.name();
				if (offeredToAll.contains(name)) {
					operations.add(operation);
				}
				else if (withSampling.contains(name)) {
					operations.add(needing(operation, Set.of("sampling")));
				}
				else if (withElicitation.contains(name)) {
					operations.add(needing(operation, Set.of("elicitation")));
				}
				else {
					operations.add(needing(operation, RELAYED_CAPABILITIES));
				}
			}
			return operations;
		}
		catch (UpstreamFailure | SessionExpired failure) {
			String message = (failure instanceof UpstreamFailure upstream) ? upstream.getMessage()
					: endpoint.account() + " dropped the session during the import; try again";
			String code = (failure instanceof UpstreamFailure upstream) ? upstream.error().code()
					: UpstreamError.UNREACHABLE.code();
			throw new UpstreamImportException(code, this.redactor.forCredential(credential)
				.text("Importing the tools of connector '" + connector.id() + "' failed: " + message));
		}
	}

	private List<OperationDefinition> listWith(Endpoint endpoint, Set<String> capabilities, Deadline deadline) {
		Session session = initialize(endpoint, deadline, capabilities, CallRelay.NONE);
		try {
			return listAllTools(endpoint, session, deadline);
		}
		finally {
			terminate(endpoint, session);
		}
	}

	private static Set<String> names(List<OperationDefinition> operations) {
		Set<String> names = new HashSet<>();
		operations.forEach((operation) -> names.add(operation.name()));
		return names;
	}

	/** A tool the server offers only to clients with these capabilities. */
	private static OperationDefinition needing(OperationDefinition operation, Set<String> capabilities) {
		return new OperationDefinition(operation.name(), operation.title(), operation.description(), null, null,
				operation.inputSchema(), Map.of(), null, null, operation.classification(), operation.annotations(),
				operation.outputSchema(), capabilities);
	}

	/**
	 * Calls a tool and returns the {@code CallToolResult} object as the server sent it.
	 * @param sessionScope what a session is kept per besides the URL (the connection and
	 * its credential's fingerprint)
	 * @throws UpstreamFailure for every upstream problem
	 */
	JsonNode callTool(ConnectorDefinition connector, String sessionScope, Credential credential, String tool,
			ObjectNode arguments, OutboundPolicy policy, String account) {
		return callTool(connector, sessionScope, credential, tool, arguments, policy, account, CallRelay.NONE);
	}

	/**
	 * Calls a tool, relaying progress, cancellation and the upstream's requests between
	 * the call's caller and the upstream (SPEC R12.7), and returns the
	 * {@code CallToolResult} object as the server sent it.
	 * @throws UpstreamFailure for every upstream problem
	 */
	JsonNode callTool(ConnectorDefinition connector, String sessionScope, Credential credential, String tool,
			ObjectNode arguments, OutboundPolicy policy, String account, CallRelay relay) {
		ObjectNode params = JsonNodeFactory.instance.objectNode().put("name", tool);
		params.set("arguments", (arguments != null) ? arguments : JsonNodeFactory.instance.objectNode());
		return exchange(connector, sessionScope, credential, "tools/call", params, policy, account, relay);
	}

	/**
	 * Reads one resource of the server ({@code resources/read}, SPEC R12.8) and returns
	 * the {@code ReadResourceResult} object as the server sent it.
	 * @throws UpstreamFailure for every upstream problem
	 */
	JsonNode readResource(ConnectorDefinition connector, String sessionScope, Credential credential, String uri,
			OutboundPolicy policy, String account) {
		ObjectNode params = JsonNodeFactory.instance.objectNode().put("uri", uri);
		return exchange(connector, sessionScope, credential, "resources/read", params, policy, account, CallRelay.NONE);
	}

	/**
	 * One request of a call on the session kept for its scope and capabilities, opened
	 * (again) as needed.
	 */
	private JsonNode exchange(ConnectorDefinition connector, String sessionScope, Credential credential, String method,
			ObjectNode params, OutboundPolicy policy, String account, CallRelay relay) {
		Deadline deadline = Deadline.in(policy.timeoutMillis());
		Endpoint endpoint = endpoint(connector, credential, policy.maxResponseBytes(), account);
		Set<String> capabilities = new TreeSet<>(relay.clientCapabilities());
		capabilities.retainAll(RELAYED_CAPABILITIES);
		SessionKey key = new SessionKey(endpoint.url().toString(), sessionScope + "/" + capabilities);
		Rpc rpc = new Rpc(method, params);
		Session session = this.sessions.get(key);
		boolean fresh = (session == null);
		try {
			if (fresh) {
				session = initialize(endpoint, deadline, capabilities, relay);
				this.sessions.put(key, session);
			}
			return call(endpoint, session, rpc, deadline, relay);
		}
		catch (SessionExpired expired) {
			// the server no longer knows the session (expired or restarted): the call did
			// not run
			return retry(endpoint, key, session, rpc, deadline, capabilities, relay);
		}
		catch (UpstreamFailure failure) {
			this.sessions.remove(key, session);
			if (!fresh && failure.error() == UpstreamError.UNREACHABLE && !failure.reached()) {
				// refused before the request went out: the call did not run
				return retry(endpoint, key, session, rpc, deadline, capabilities, relay);
			}
			throw failure;
		}
	}

	private JsonNode retry(Endpoint endpoint, SessionKey key, Session stale, Rpc rpc, Deadline deadline,
			Set<String> capabilities, CallRelay relay) {
		this.sessions.remove(key, stale);
		Session renewed = null;
		try {
			renewed = initialize(endpoint, deadline, capabilities, relay);
			this.sessions.put(key, renewed);
			return call(endpoint, renewed, rpc, deadline, relay);
		}
		catch (SessionExpired again) {
			this.sessions.remove(key, renewed);
			throw new UpstreamFailure(UpstreamError.UNREACHABLE,
					endpoint.account() + " keeps dropping its session; try again later", false);
		}
		catch (UpstreamFailure failure) {
			this.sessions.remove(key, renewed);
			throw failure;
		}
	}

	/** How many sessions are cached (for tests and metrics). */
	int cachedSessions() {
		return this.sessions.size();
	}

	/**
	 * The request itself: with a progress token of Quiver's own when the caller asked for
	 * progress, the caller's cancellation told to the upstream, and the upstream's
	 * messages during the call relayed.
	 */
	private JsonNode call(Endpoint endpoint, Session session, Rpc rpc, Deadline deadline, CallRelay relay) {
		long id = this.ids.incrementAndGet();
		ObjectNode sent = rpc.params().deepCopy();
		if (relay.wantsProgress()) {
			sent.putObject("_meta").put("progressToken", id);
		}
		relay.onCancel(() -> cancelUpstream(endpoint, session, id));
		Consumer<JsonNode> others = (message) -> relayed(endpoint, session, id, message, relay, deadline);
		return result(endpoint, session,
				post(endpoint, session, message(id, rpc.method(), sent), id, deadline, relay, others));
	}

	/** A message of the upstream during a call: progress, or a request of the caller. */
	private void relayed(Endpoint endpoint, Session session, long callId, JsonNode message, CallRelay relay,
			Deadline deadline) {
		String method = message.path("method").asText("");
		JsonNode params = message.path("params");
		if (method.equals("notifications/progress") && params.path("progressToken").asLong(-1) == callId
				&& params.isObject()) {
			relay.progress((ObjectNode) params);
			return;
		}
		JsonNode requestId = message.get("id");
		if (requestId == null || requestId.isNull()) {
			// other notifications (logging, list changes) are not the caller's business
			return;
		}
		this.relays.execute(() -> {
			ObjectNode answer = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0");
			answer.set("id", requestId);
			try {
				if (!RELAYED_CAPABILITIES.contains(capabilityOf(method))) {
					throw new CallRelay.RelayRefused("Quiver does not relay '" + method + "' to its callers");
				}
				answer.set("result", relay.request(method, params));
			}
			catch (CallRelay.RelayRefused refused) {
				answer.putObject("error").put("code", -32601).put("message", refused.getMessage());
			}
			catch (RuntimeException ex) {
				answer.putObject("error").put("code", -32603).put("message", "the caller could not answer");
			}
			try {
				post(endpoint, session, answer, null, deadline);
			}
			catch (RuntimeException ex) {
				// the call itself reports what the upstream made of it
			}
		});
	}

	/** The capability a request of a server needs of the client. */
	static String capabilityOf(String method) {
		if (method.startsWith("sampling/")) {
			return "sampling";
		}
		if (method.startsWith("elicitation/")) {
			return "elicitation";
		}
		return method;
	}

	/**
	 * Tells the upstream the caller cancelled (best effort; the request is aborted too).
	 */
	private void cancelUpstream(Endpoint endpoint, Session session, long callId) {
		ObjectNode params = JsonNodeFactory.instance.objectNode().put("requestId", callId);
		params.put("reason", "the caller cancelled the call");
		try {
			HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint.url())
				.timeout(Duration.ofSeconds(5))
				.POST(HttpRequest.BodyPublishers.ofString(message(null, "notifications/cancelled", params).toString(),
						StandardCharsets.UTF_8));
			headers(endpoint, session).forEach(builder::setHeader);
			builder.setHeader("Content-Type", "application/json");
			builder.setHeader("Accept", "application/json, text/event-stream");
			this.http.fireAndForget(builder.build());
		}
		catch (IllegalArgumentException ex) {
			// a header the client refuses: the request itself was refused the same way
		}
	}

	private Session initialize(Endpoint endpoint, Deadline deadline, Set<String> capabilities, CallRelay relay) {
		ObjectNode params = JsonNodeFactory.instance.objectNode().put("protocolVersion", PROTOCOL_VERSION);
		ObjectNode declared = params.putObject("capabilities");
		new TreeSet<>(capabilities).forEach(declared::putObject);
		params.putObject("clientInfo").put("name", "quiver").put("version", "0.1.0");
		long id = this.ids.incrementAndGet();
		Reply reply = post(endpoint, null, message(id, "initialize", params), id, deadline, relay, (message) -> {
		});
		JsonNode result = result(endpoint, null, reply);
		String version = result.path("protocolVersion").asText("");
		if (!SUPPORTED_VERSIONS.contains(version)) {
			throw new UpstreamFailure(UpstreamError.MALFORMED,
					endpoint.account() + " speaks MCP protocol version '" + HttpToolExecutor.bounded(version, 40)
							+ "'; Quiver supports " + String.join(", ", SUPPORTED_VERSIONS),
					true);
		}
		String sessionId = reply.headers().firstValue("Mcp-Session-Id").orElse(null);
		if (sessionId != null && !SESSION_ID.matcher(sessionId).matches()) {
			throw new UpstreamFailure(UpstreamError.MALFORMED,
					endpoint.account() + " issued a session id that is not visible ASCII", true);
		}
		Session session = new Session(sessionId, version);
		Reply ack = post(endpoint, session, message(null, "notifications/initialized", null), null, deadline);
		if (ack.status() >= 300) {
			result(endpoint, session, ack);
		}
		return session;
	}

	private List<OperationDefinition> listAllTools(Endpoint endpoint, Session session, Deadline deadline) {
		List<OperationDefinition> operations = new ArrayList<>();
		Set<String> names = new HashSet<>();
		Set<String> cursors = new HashSet<>();
		String cursor = null;
		for (int page = 0;; page++) {
			if (page == MAX_PAGES) {
				throw new UpstreamFailure(UpstreamError.MALFORMED,
						endpoint.account() + " lists more than " + MAX_PAGES + " pages of tools", true);
			}
			ObjectNode params = JsonNodeFactory.instance.objectNode();
			if (cursor != null) {
				params.put("cursor", cursor);
			}
			JsonNode result = request(endpoint, session, "tools/list", params, deadline);
			JsonNode tools = result.get("tools");
			if (tools == null || !tools.isArray()) {
				throw new UpstreamFailure(UpstreamError.MALFORMED,
						endpoint.account() + " answered tools/list without a tools array", true);
			}
			for (JsonNode tool : tools) {
				OperationDefinition operation = toOperation(tool);
				if (operation != null && names.add(operation.name())) {
					if (operations.size() == MAX_TOOLS) {
						throw new UpstreamFailure(UpstreamError.TOO_LARGE,
								endpoint.account() + " lists more than " + MAX_TOOLS + " tools", true);
					}
					operations.add(operation);
				}
			}
			JsonNode next = result.get("nextCursor");
			if (next == null || next.isNull() || next.asText().isEmpty()) {
				return operations;
			}
			cursor = next.asText();
			if (!cursors.add(cursor)) {
				throw new UpstreamFailure(UpstreamError.MALFORMED, endpoint.account() + " repeats a tools/list cursor",
						true);
			}
		}
	}

	/**
	 * One upstream tool as an operation; null for an entry without a name, and for a tool
	 * that runs only as a task.
	 */
	static OperationDefinition toOperation(JsonNode tool) {
		String name = tool.path("name").asText("").trim();
		if (name.isEmpty()) {
			return null;
		}
		JsonNode annotations = tool.get("annotations");
		if (annotations != null && !annotations.isObject()) {
			annotations = null;
		}
		Boolean readOnly = (annotations != null && annotations.path("readOnlyHint").isBoolean())
				? annotations.path("readOnlyHint").booleanValue() : null;
		Boolean destructive = (annotations != null && annotations.path("destructiveHint").isBoolean())
				? annotations.path("destructiveHint").booleanValue() : null;
		String title = tool.path("title").isTextual() ? tool.path("title").asText()
				: (annotations != null && annotations.path("title").isTextual()) ? annotations.path("title").asText()
						: null;
		String description = tool.path("description").asText("");
		if (description.length() > MAX_DESCRIPTION) {
			description = description.substring(0, MAX_DESCRIPTION) + "…";
		}
		if ("required".equals(tool.path("execution").path("taskSupport").asText(""))) {
			// it runs only as a task, which the call path does not support
			return null;
		}
		JsonNode inputSchema = tool.get("inputSchema");
		if (inputSchema == null || !inputSchema.isObject()) {
			inputSchema = JsonNodeFactory.instance.objectNode().put("type", "object");
		}
		JsonNode outputSchema = tool.get("outputSchema");
		return new OperationDefinition(name, title, description, null, null, inputSchema, Map.of(), null, null,
				Classification.ofMcpAnnotations(readOnly, destructive), annotations,
				(outputSchema != null && outputSchema.isObject()) ? outputSchema : null, Set.of());
	}

	private JsonNode request(Endpoint endpoint, Session session, String method, JsonNode params, Deadline deadline) {
		long id = this.ids.incrementAndGet();
		return result(endpoint, session, post(endpoint, session, message(id, method, params), id, deadline));
	}

	private static ObjectNode message(Long id, String method, JsonNode params) {
		ObjectNode message = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0");
		if (id != null) {
			message.put("id", id);
		}
		message.put("method", method);
		if (params != null) {
			message.set("params", params);
		}
		return message;
	}

	/** The result of a JSON-RPC response, or the failure the answer amounts to. */
	private static JsonNode result(Endpoint endpoint, Session session, Reply reply) {
		int status = reply.status();
		String account = endpoint.account();
		if ((status == 404 || status == 400) && session != null && session.id() != null) {
			// the server does not know the session (404 by the spec; some answer 400)
			throw new SessionExpired();
		}
		if (status == 401 || status == 403) {
			throw new UpstreamFailure(UpstreamError.CLIENT_ERROR, account + " refused the connection's credential "
					+ "(HTTP " + status + "); its owner can store a new credential" + excerpt(reply), true);
		}
		if (status >= 500) {
			throw new UpstreamFailure(UpstreamError.SERVER_ERROR,
					account + " failed with HTTP " + status + "; try again later" + excerpt(reply), true);
		}
		if (status >= 400) {
			throw new UpstreamFailure(UpstreamError.CLIENT_ERROR,
					account + " refused the request with HTTP " + status + excerpt(reply), true);
		}
		JsonNode message = reply.content().message();
		if (status != 200 || message == null) {
			throw new UpstreamFailure(UpstreamError.MALFORMED,
					account + " answered without a JSON-RPC response (HTTP " + status + ")", true);
		}
		JsonNode error = message.get("error");
		if (error != null && !error.isNull()) {
			throw new UpstreamFailure(UpstreamError.RPC_ERROR,
					account + " refused the call: " + HttpToolExecutor.bounded(error.path("message").asText(""), 300)
							+ " (JSON-RPC error " + error.path("code").asText("?") + ")",
					true);
		}
		JsonNode result = message.get("result");
		if (result == null || !result.isObject()) {
			throw new UpstreamFailure(UpstreamError.MALFORMED, account + " answered without a result object", true);
		}
		return result;
	}

	private static String excerpt(Reply reply) {
		byte[] raw = reply.content().raw();
		if (raw.length == 0) {
			return "";
		}
		String text = new String(raw, StandardCharsets.UTF_8).replaceAll("\\s+", " ").trim();
		return ". Upstream said: " + HttpToolExecutor.bounded(text, 300);
	}

	private Reply post(Endpoint endpoint, Session session, ObjectNode message, Long id, Deadline deadline) {
		return post(endpoint, session, message, id, deadline, CallRelay.NONE, (other) -> {
		});
	}

	private Reply post(Endpoint endpoint, Session session, ObjectNode message, Long id, Deadline deadline,
			CallRelay relay, Consumer<JsonNode> others) {
		checkOutbound(endpoint, id != null && !"initialize".equals(message.path("method").asText()));
		HttpRequest request;
		try {
			HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint.url())
				.timeout(deadline.remaining())
				.POST(HttpRequest.BodyPublishers.ofString(message.toString(), StandardCharsets.UTF_8));
			headers(endpoint, session).forEach(builder::setHeader);
			builder.setHeader("Content-Type", "application/json");
			builder.setHeader("Accept", "application/json, text/event-stream");
			request = builder.build();
		}
		catch (IllegalArgumentException ex) {
			throw new UpstreamFailure(UpstreamError.REQUEST_REFUSED, "the request to " + endpoint.account()
					+ " has a header the HTTP client refuses to send; check the connector's headers", false);
		}
		HttpResponse<McpReplyBody.Content> response = this.http.send(request,
				McpReplyBody.handler(id, endpoint.maxBytes(), others), deadline, endpoint.account(), relay);
		return new Reply(response.statusCode(), response.headers(), response.body());
	}

	/** Re-resolves and re-checks the endpoint right before each request connects. */
	private void checkOutbound(Endpoint endpoint, boolean reached) {
		OutboundTarget target = this.gate.inspect(endpoint.connector(), endpoint.url());
		if (!target.allowed()) {
			throw new UpstreamFailure(
					target.unresolved() ? UpstreamError.UNREACHABLE : UpstreamError.OUTBOUND_URL_REFUSED,
					target.verdict().reason(), reached);
		}
	}

	private static Map<String, String> headers(Endpoint endpoint, Session session) {
		Map<String, String> headers = new LinkedHashMap<>();
		headers.put("User-Agent", "Quiver");
		headers.putAll(endpoint.connector().headers());
		if (session != null) {
			if (!"2025-03-26".equals(session.protocolVersion())) {
				headers.put("MCP-Protocol-Version", session.protocolVersion());
			}
			if (session.id() != null) {
				headers.put("Mcp-Session-Id", session.id());
			}
		}
		if (endpoint.credential() != null) {
			endpoint.credential().httpHeaders().forEach((name, value) -> {
				headers.keySet().removeIf((existing) -> existing.equalsIgnoreCase(name));
				headers.put(name, value);
			});
		}
		return headers;
	}

	/** Ends a session the import opened; best effort, briefly. */
	private void terminate(Endpoint endpoint, Session session) {
		if (session.id() == null) {
			return;
		}
		try {
			HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint.url())
				.timeout(Duration.ofSeconds(2))
				.DELETE();
			headers(endpoint, session).forEach(builder::setHeader);
			this.http.send(builder.build(), 4096, Deadline.in(2000), endpoint.account());
		}
		catch (RuntimeException ex) {
			// the server expires the session anyway
		}
	}

	private static Endpoint endpoint(ConnectorDefinition connector, Credential credential, int maxBytes,
			String account) {
		try {
			return new Endpoint(connector, new URI(connector.baseUrl()), credential, maxBytes, account);
		}
		catch (URISyntaxException | NullPointerException ex) {
			throw new UpstreamFailure(UpstreamError.OUTBOUND_URL_REFUSED,
					"connector '" + connector.id() + "' has no valid MCP server URL", false);
		}
	}

	private record Endpoint(ConnectorDefinition connector, URI url, Credential credential, int maxBytes,
			String account) {
	}

	private record Reply(int status, HttpHeaders headers, McpReplyBody.Content content) {
	}

	/** A negotiated session; the id is null when the server is stateless. */
	record Session(String id, String protocolVersion) {
	}

	record SessionKey(String url, String scope) {
	}

	/** A request to send: its method and params. */
	private record Rpc(String method, ObjectNode params) {
	}

	@Override
	public void destroy() {
		this.relays.shutdownNow();
	}

	/** The server answered 404 (or 400) for our session. */
	private static final class SessionExpired extends RuntimeException {

		SessionExpired() {
			super("session expired", null, false, false);
		}

	}

	/** Sessions by key, least recently used evicted past the bound, idle ones dropped. */
	private static final class Sessions {

		private final int max;

		private final long idleNanos;

		private final LinkedHashMap<SessionKey, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);

		Sessions(int max, Duration idle) {
			this.max = max;
			this.idleNanos = idle.toNanos();
		}

		synchronized Session get(SessionKey key) {
			Entry entry = this.entries.get(key);
			if (entry == null) {
				return null;
			}
			if (System.nanoTime() - entry.lastUsed > this.idleNanos) {
				this.entries.remove(key);
				return null;
			}
			entry.lastUsed = System.nanoTime();
			return entry.session;
		}

		synchronized void put(SessionKey key, Session session) {
			this.entries.put(key, new Entry(session));
			while (this.entries.size() > this.max) {
				SessionKey eldest = this.entries.keySet().iterator().next();
				this.entries.remove(eldest);
			}
		}

		synchronized void remove(SessionKey key, Session session) {
			Entry entry = this.entries.get(key);
			if (entry != null && entry.session.equals(session)) {
				this.entries.remove(key);
			}
		}

		synchronized int size() {
			return this.entries.size();
		}

		private static final class Entry {

			private final Session session;

			private long lastUsed = System.nanoTime();

			Entry(Session session) {
				this.session = session;
			}

		}

	}

}
