package io.quiver.edge.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.servlet.http.HttpServletRequest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.context.ContextSnapshotFactory;
import io.quiver.edge.call.ResourceRead;
import io.quiver.edge.call.ToolCallPipeline;
import io.quiver.edge.call.ToolResult;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.mcp.ModernRequest.Refusal;
import io.quiver.edge.mcp.ToolListing.Listing;
import io.quiver.edge.security.CallerIdentity;
import io.quiver.edge.security.CallerResolver;
import io.quiver.edge.support.ApiExceptionHandler;
import io.quiver.query.access.Caller;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.support.DatabaseFailures;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /mcp}: MCP over Streamable HTTP, both eras on one endpoint, chosen per request
 * by its shape and headers (SPEC R12.4; docs/conformance.md):
 * <ul>
 * <li><b>modern</b>, 2026-07-28: no handshake; every request carries its protocol
 * version, client capabilities and client info in {@code _meta}, mirrored in the
 * {@code MCP-Protocol-Version}, {@code Mcp-Method} and {@code Mcp-Name} headers, which
 * are checked; {@code server/discover}, {@code tools/list}, {@code tools/call},
 * {@code subscriptions/listen}; every result has {@code resultType}; refusals are 400
 * with -32602, -32020 or -32022, an unknown method 404 with -32601;</li>
 * <li><b>legacy</b>, 2025-11-25 and 2025-06-18: {@code initialize},
 * {@code notifications/initialized}, {@code ping}, {@code tools/list},
 * {@code tools/call}, and a GET stream for {@code notifications/tools/list_changed}.</li>
 * </ul>
 * In both eras {@code resources/read} opens the resource links connected tools returned
 * to the caller (R12.8); {@code resources/list} and {@code resources/templates/list} are
 * empty. A thin, hand-written JSON-RPC edge: the surface differs per caller and changes
 * at run time, which no SDK server can serve to both eras on one endpoint. JSON-RPC
 * errors are only for malformed JSON-RPC and the protocol's own refusals; everything a
 * model can fix is answered in band by the pipeline (R7.2), in both eras. A
 * {@code tools/call} with a progress token is answered as a stream that relays the
 * upstream's progress (R12.7); other requests are answered as JSON.
 */
@RestController
class McpEndpoint implements DisposableBean {

	private static final String INSTRUCTIONS = "Quiver is your organisation's single MCP endpoint. Tools named "
			+ "quiver__{resource}__{operation} manage the organisation (members, connections, toolboxes, "
			+ "restrictions, catalog, audit, settings) and are always listed. Tools of connected apps are named "
			+ "{account}__{tool} or after a toolbox. When many are connected, they are reached through search_tools "
			+ "(find by intent or name) and execute_tool (call by name); search never returns quiver__ tools. What "
			+ "you see depends on your role, your token's scopes and your organisation's restrictions.";

	static final String SESSION_HEADER = "Mcp-Session-Id";

	/**
	 * {@code server/discover} answers the same to everybody: it may be cached an hour.
	 */
	private static final long DISCOVER_TTL_MS = 3_600_000;

	private static final int MAX_STREAMED_CALLS = 256;

	private static final ContextSnapshotFactory CONTEXT = ContextSnapshotFactory.builder().build();

	private final ObjectMapper json;

	private final CallerResolver callers;

	private final ToolListing listing;

	private final ToolCallPipeline pipeline;

	private final McpStreams streams;

	private final InFlightCalls inFlight;

	private final McpSessions sessions;

	private final McpRelayInbox inbox;

	private final InputRounds rounds;

	private final QuiverProperties properties;

	private final String version;

	private final ThreadPoolExecutor streamedCalls;

	McpEndpoint(ObjectMapper json, CallerResolver callers, ToolListing listing, ToolCallPipeline pipeline,
			McpStreams streams, InFlightCalls inFlight, McpSessions sessions, McpRelayInbox inbox, InputRounds rounds,
			QuiverProperties properties, ObjectProvider<BuildProperties> build) {
		this.json = json;
		this.callers = callers;
		this.listing = listing;
		this.pipeline = pipeline;
		this.streams = streams;
		this.inFlight = inFlight;
		this.sessions = sessions;
		this.inbox = inbox;
		this.rounds = rounds;
		this.properties = properties;
		BuildProperties info = build.getIfAvailable();
		this.version = (info != null) ? info.getVersion() : "dev";
		AtomicInteger threads = new AtomicInteger();
		this.streamedCalls = new ThreadPoolExecutor(0, MAX_STREAMED_CALLS, 60, TimeUnit.SECONDS,
				new SynchronousQueue<>(), (runnable) -> {
					Thread thread = new Thread(runnable, "quiver-mcp-call-" + threads.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
	}

	@PostMapping(path = "/mcp")
	ResponseEntity<?> post(HttpServletRequest request, Authentication authentication) {
		if (!acceptsJson(request.getHeader(HttpHeaders.ACCEPT))) {
			return error(HttpStatus.NOT_ACCEPTABLE, null, JsonRpc.INVALID_REQUEST,
					"this server answers application/json; send Accept: application/json, text/event-stream");
		}
		String contentType = request.getContentType();
		if (contentType == null || !isJson(contentType)) {
			return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE, null, JsonRpc.INVALID_REQUEST,
					"send the JSON-RPC message as Content-Type: application/json");
		}
		byte[] body;
		try {
			body = request.getInputStream().readAllBytes();
		}
		catch (IOException ex) {
			if (Boolean.TRUE.equals(request.getAttribute(ApiExceptionHandler.BODY_TOO_LARGE))) {
				return error(HttpStatus.PAYLOAD_TOO_LARGE, null, JsonRpc.INVALID_REQUEST,
						"the message is over the limit of " + this.properties.mcp().maxBodyBytes() + " bytes");
			}
			return error(HttpStatus.BAD_REQUEST, null, JsonRpc.PARSE_ERROR, "the message could not be read");
		}
		JsonNode message;
		try {
			message = this.json.readTree(body);
		}
		catch (IOException ex) {
			return error(HttpStatus.BAD_REQUEST, null, JsonRpc.PARSE_ERROR, "Parse error: the body is not valid JSON");
		}
		if (message == null || message.isMissingNode()) {
			return error(HttpStatus.BAD_REQUEST, null, JsonRpc.PARSE_ERROR, "Parse error: the body is empty");
		}
		if (message.isArray()) {
			return error(HttpStatus.BAD_REQUEST, null, JsonRpc.INVALID_REQUEST,
					"JSON-RPC batches are not supported (2025-03-26 is not served; batches were removed in "
							+ "2025-06-18); send one message per request");
		}
		if (!message.isObject()) {
			return error(HttpStatus.BAD_REQUEST, null, JsonRpc.INVALID_REQUEST, "a JSON-RPC message is a JSON object");
		}
		JsonNode id = message.get("id");
		boolean hasValidId = id != null && (id.isTextual() || id.isIntegralNumber());
		if (!"2.0".equals(message.path("jsonrpc").asText(null))) {
			return error(HttpStatus.BAD_REQUEST, hasValidId ? id : null, JsonRpc.INVALID_REQUEST,
					"Invalid Request: jsonrpc must be \"2.0\"");
		}
		JsonNode method = message.get("method");
		if (method == null) {
			if (message.has("result") || message.has("error")) {
				return answer(id, message, authentication);
			}
			return error(HttpStatus.BAD_REQUEST, hasValidId ? id : null, JsonRpc.INVALID_REQUEST,
					"Invalid Request: a message needs a method");
		}
		if (!method.isTextual()) {
			return error(HttpStatus.BAD_REQUEST, hasValidId ? id : null, JsonRpc.INVALID_REQUEST,
					"Invalid Request: method must be a string");
		}
		JsonNode params = message.get("params");
		ObjectNode parameters = (params instanceof ObjectNode object) ? object : this.json.createObjectNode();
		if (id == null) {
			return notification(method.textValue(), parameters, authentication);
		}
		if (!hasValidId) {
			return error(HttpStatus.BAD_REQUEST, null, JsonRpc.INVALID_REQUEST,
					"Invalid Request: id must be a string or an integer");
		}
		if (params != null && !params.isNull() && !params.isObject()) {
			return error(HttpStatus.OK, id, JsonRpc.INVALID_PARAMS, "Invalid params: params must be an object");
		}
		try {
			if (ModernRequest.isModern(request, method.textValue(), parameters)) {
				return modern(request, id, method.textValue(), parameters, authentication);
			}
			String protocolVersion = request.getHeader("MCP-Protocol-Version");
			if (protocolVersion != null && !McpVersions.isLegacy(protocolVersion)) {
				Refusal refusal = ModernRequest.unsupported(protocolVersion);
				return error(HttpStatus.BAD_REQUEST, id, refusal.code(), refusal.getMessage(), refusal.data());
			}
			if ("initialize".equals(method.textValue())) {
				return initialize(id, parameters, authentication);
			}
			McpSessions.Session session = null;
			String sessionId = request.getHeader(SESSION_HEADER);
			if (sessionId != null) {
				CallerIdentity identity = this.callers.identify(authentication);
				session = (identity != null) ? this.sessions.find(sessionId, identity) : null;
				if (session == null) {
					return sessionNotFound(id);
				}
			}
			return legacy(id, method.textValue(), parameters, authentication, session);
		}
		catch (RuntimeException ex) {
			if (!DatabaseFailures.unavailable(ex)) {
				throw ex;
			}
			// SPEC R7.9: a tools/call answers in band, any other method a JSON-RPC
			// internal error saying to retry; never an HTTP 500
			boolean modern = ModernRequest.isModern(request, method.textValue(), parameters);
			return method.textValue().equals("tools/call")
					? result(id, ToolResult.databaseUnavailable(false).toJson(), modern)
					: error(HttpStatus.OK, id, JsonRpc.INTERNAL_ERROR,
							"Quiver's database is unavailable for the moment; retry in a few seconds");
		}
	}

	private ResponseEntity<?> legacy(JsonNode id, String method, ObjectNode params, Authentication authentication,
			McpSessions.Session session) {
		Set<String> capabilities = (session != null) ? session.capabilities() : Set.of();
		return switch (method) {
			case "ping" -> ping(id, authentication);
			case "tools/list" -> toolsList(id, params, authentication, false);
			case "tools/call" -> toolsCall(id, params, authentication, capabilities, false);
			case "resources/list", "resources/templates/list" -> resourcesList(id, method, authentication, false);
			case "resources/read" -> resourcesRead(id, params, authentication, false);
			default -> error(HttpStatus.OK, id, JsonRpc.METHOD_NOT_FOUND, "Method not found: " + method);
		};
	}

	/**
	 * A caller's answer to a request relayed on a call's stream: to the call waiting for
	 * it, here or on another node.
	 */
	private ResponseEntity<?> answer(JsonNode id, JsonNode message, Authentication authentication) {
		CallerIdentity identity = this.callers.identify(authentication);
		if (identity != null && id != null && id.isTextual()
				&& !this.inFlight.answer(identity, id.textValue(), message)) {
			this.inbox.forward(identity, McpRelayInbox.ANSWER, id.textValue(), message);
		}
		return ResponseEntity.accepted().build();
	}

	private ResponseEntity<byte[]> sessionNotFound(JsonNode id) {
		return error(HttpStatus.NOT_FOUND, id, JsonRpc.INVALID_REQUEST,
				"Session not found: it ended or expired; initialize again");
	}

	private ResponseEntity<?> modern(HttpServletRequest request, JsonNode id, String method, ObjectNode params,
			Authentication authentication) {
		ModernRequest modern;
		try {
			modern = ModernRequest.read(request, method, params);
		}
		catch (Refusal refusal) {
			return error(refusal.status(), id, refusal.code(), refusal.getMessage(), refusal.data());
		}
		return switch (method) {
			case "server/discover" -> discover(id, authentication);
			case "tools/list" -> toolsList(id, params, authentication, true);
			case "tools/call" -> toolsCall(id, params, authentication, relayable(modern), true);
			case "subscriptions/listen" -> listen(id, params, authentication);
			case "resources/list", "resources/templates/list" -> resourcesList(id, method, authentication, true);
			case "resources/read" -> resourcesRead(id, params, authentication, true);
			default -> error(HttpStatus.NOT_FOUND, id, JsonRpc.METHOD_NOT_FOUND,
					"Method not found: " + method + " (not served in " + McpVersions.MODERN + ")");
		};
	}

	/** Notifications are accepted (202); a cancellation reaches the call it names. */
	private ResponseEntity<?> notification(String method, ObjectNode params, Authentication authentication) {
		if ("notifications/cancelled".equals(method)) {
			JsonNode requestId = params.get("requestId");
			CallerIdentity identity = this.callers.identify(authentication);
			if (identity != null && requestId != null && (requestId.isTextual() || requestId.isIntegralNumber())
					&& !this.inFlight.cancel(identity, requestId.asText())) {
				this.inbox.forward(identity, McpRelayInbox.CANCEL, requestId.asText(), null);
			}
		}
		return ResponseEntity.accepted().build();
	}

	/**
	 * The legacy GET stream (2025-11-25): {@code notifications/tools/list_changed}
	 * whenever what the caller sees changes (R12.6).
	 */
	@GetMapping(path = "/mcp")
	ResponseEntity<?> get(HttpServletRequest request, Authentication authentication) {
		String accept = request.getHeader(HttpHeaders.ACCEPT);
		if (accept == null || !accept.contains(MediaType.TEXT_EVENT_STREAM_VALUE)) {
			return ResponseEntity.status(HttpStatus.NOT_ACCEPTABLE)
				.contentType(MediaType.APPLICATION_JSON)
				.body("{\"error\":\"GET /mcp opens a server-sent event stream; send Accept: text/event-stream\"}");
		}
		String protocolVersion = request.getHeader("MCP-Protocol-Version");
		if (McpVersions.isModern(protocolVersion)) {
			return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
				.header(HttpHeaders.ALLOW, "POST")
				.contentType(MediaType.APPLICATION_JSON)
				.body("{\"error\":\"2026-07-28 has no GET stream; POST subscriptions/listen instead\"}");
		}
		CallerIdentity identity = this.callers.identify(authentication);
		Listing now = (identity != null) ? this.listing.of(identity) : null;
		ResponseEntity<byte[]> refused = refusal(null, (now != null) ? now.caller() : null, authentication);
		if (refused != null) {
			return refused;
		}
		String sessionId = request.getHeader(SESSION_HEADER);
		if (sessionId != null && this.sessions.find(sessionId, identity) == null) {
			return sessionNotFound(null);
		}
		return this.streams.open(identity, now, null, true, expiry(authentication)).response();
	}

	/** Ends a legacy session (2025-11-25 session management). */
	@DeleteMapping(path = "/mcp")
	ResponseEntity<?> delete(HttpServletRequest request, Authentication authentication) {
		String sessionId = request.getHeader(SESSION_HEADER);
		if (sessionId == null) {
			return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
				.header(HttpHeaders.ALLOW, "GET, POST")
				.contentType(MediaType.APPLICATION_JSON)
				.body("{\"error\":\"DELETE ends a session: send its Mcp-Session-Id\"}");
		}
		CallerIdentity identity = this.callers.identify(authentication);
		if (identity == null || !this.sessions.delete(sessionId, identity)) {
			return sessionNotFound(null);
		}
		return ResponseEntity.noContent().build();
	}

	private ResponseEntity<?> initialize(JsonNode id, ObjectNode params, Authentication authentication) {
		JsonNode requested = params.get("protocolVersion");
		if (requested == null || !requested.isTextual()) {
			return error(HttpStatus.OK, id, JsonRpc.INVALID_PARAMS,
					"Invalid params: initialize needs a protocolVersion string");
		}
		String negotiated = McpVersions.isLegacy(requested.textValue()) ? requested.textValue()
				: McpVersions.LATEST_LEGACY;
		ObjectNode result = this.json.createObjectNode();
		result.put("protocolVersion", negotiated);
		result.set("capabilities", capabilities());
		result.set("serverInfo", serverInfo());
		result.put("instructions", INSTRUCTIONS);
		CallerIdentity identity = this.callers.identify(authentication);
		ResponseEntity<byte[]> refused = refusal(id, caller(identity), authentication);
		if (refused != null) {
			return refused;
		}
		String session = this.sessions.open(identity, negotiated, params.get("capabilities"), params.get("clientInfo"));
		return ResponseEntity.ok()
			.header(SESSION_HEADER, session)
			.contentType(MediaType.APPLICATION_JSON)
			.body(bytes(response(id, result, false)));
	}

	/**
	 * {@code ping}: answered for a caller who may use the endpoint, refused like
	 * {@code initialize} otherwise.
	 */
	private ResponseEntity<?> ping(JsonNode id, Authentication authentication) {
		ResponseEntity<byte[]> refused = refusal(id, caller(this.callers.identify(authentication)), authentication);
		return (refused != null) ? refused : result(id, this.json.createObjectNode(), false);
	}

	private ResponseEntity<?> discover(JsonNode id, Authentication authentication) {
		ResponseEntity<byte[]> refused = refusal(id, caller(this.callers.identify(authentication)), authentication);
		if (refused != null) {
			return refused;
		}
		ObjectNode result = this.json.createObjectNode();
		McpVersions.SUPPORTED.forEach(result.putArray("supportedVersions")::add);
		result.set("capabilities", capabilities());
		result.put("instructions", INSTRUCTIONS);
		result.put("ttlMs", DISCOVER_TTL_MS);
		result.put("cacheScope", "public");
		return result(id, result, true);
	}

	private ObjectNode capabilities() {
		ObjectNode capabilities = this.json.createObjectNode();
		capabilities.putObject("tools").put("listChanged", true);
		// resources: only those the links of connected tools name (R12.8), none listed
		capabilities.putObject("resources").put("subscribe", false).put("listChanged", false);
		return capabilities;
	}

	/**
	 * {@code resources/list} and {@code resources/templates/list}: empty for everybody.
	 * Quiver serves only the resources that links returned by connected tools name
	 * (R12.8), which a client reads by the link it was given; it lists no catalogue of
	 * its own, and lists no upstream's (that would bypass the gates of the tools).
	 */
	private ResponseEntity<?> resourcesList(JsonNode id, String method, Authentication authentication, boolean modern) {
		CallerIdentity identity = this.callers.identify(authentication);
		if (caller(identity) == null) {
			return notAMember(authentication);
		}
		ObjectNode result = this.json.createObjectNode();
		result.putArray("resources/list".equals(method) ? "resources" : "resourceTemplates");
		if (modern) {
			result.put("ttlMs", DISCOVER_TTL_MS);
			result.put("cacheScope", "public");
		}
		return result(id, result, modern);
	}

	/**
	 * {@code resources/read} of a resource link a connected tool returned to this caller
	 * (R12.8), through that tool's gates, audited. A refusal is a JSON-RPC error:
	 * resource not found, {@code -32002} in the legacy era and {@code -32602} in
	 * 2026-07-28 (SEP-2164), with the gate's reason; an upstream failure is
	 * {@code -32603}.
	 */
	private ResponseEntity<?> resourcesRead(JsonNode id, ObjectNode params, Authentication authentication,
			boolean modern) {
		JsonNode uri = params.get("uri");
		if (uri == null || !uri.isTextual() || uri.textValue().isEmpty()) {
			return error(modern ? HttpStatus.BAD_REQUEST : HttpStatus.OK, id, JsonRpc.INVALID_PARAMS,
					"Invalid params: resources/read needs a uri");
		}
		CallerIdentity identity = this.callers.identify(authentication);
		Caller caller = caller(identity);
		if (caller == null) {
			return notAMember(authentication);
		}
		ResourceRead read = this.pipeline.read(caller, uri.textValue());
		if (read.contents() != null) {
			ObjectNode result = this.json.createObjectNode();
			result.set("contents", read.contents());
			return result(id, result, modern);
		}
		ObjectNode data = this.json.createObjectNode().put("uri", uri.textValue());
		int code = !read.refused() ? JsonRpc.INTERNAL_ERROR
				: modern ? JsonRpc.INVALID_PARAMS : JsonRpc.RESOURCE_NOT_FOUND;
		return error(HttpStatus.OK, id, code, read.reason(), data);
	}

	private ObjectNode serverInfo() {
		ObjectNode server = this.json.createObjectNode();
		server.put("name", "quiver");
		server.put("title", "Quiver");
		server.put("version", this.version);
		return server;
	}

	private ResponseEntity<?> toolsList(JsonNode id, ObjectNode params, Authentication authentication, boolean modern) {
		CallerIdentity identity = this.callers.identify(authentication);
		Listing now = (identity != null) ? this.listing.of(identity) : null;
		if (now == null) {
			return notAMember(authentication);
		}
		List<ObjectNode> definitions = now.definitions();
		int offset = 0;
		JsonNode cursor = params.get("cursor");
		if (cursor != null && !cursor.isNull()) {
			Integer decoded = cursor.isTextual() ? decodeCursor(cursor.textValue()) : null;
			if (decoded == null || decoded > definitions.size()) {
				return error(modern ? HttpStatus.BAD_REQUEST : HttpStatus.OK, id, JsonRpc.INVALID_PARAMS,
						"Invalid params: the cursor is not one this server gave out; list again without it");
			}
			offset = decoded;
		}
		int end = Math.min(definitions.size(), offset + this.properties.mcp().pageSize());
		ObjectNode result = this.json.createObjectNode();
		ArrayNode tools = result.putArray("tools");
		definitions.subList(offset, end).forEach(tools::add);
		if (end < definitions.size()) {
			result.put("nextCursor", encodeCursor(end));
		}
		if (modern) {
			result.put("ttlMs", now.ttlMs());
			result.put("cacheScope", "private");
		}
		return result(id, result, modern);
	}

	private ResponseEntity<?> toolsCall(JsonNode id, ObjectNode params, Authentication authentication,
			Set<String> capabilities, boolean modern) {
		HttpStatus invalid = modern ? HttpStatus.BAD_REQUEST : HttpStatus.OK;
		JsonNode name = params.get("name");
		if (name == null || !name.isTextual() || name.textValue().isEmpty()) {
			return error(invalid, id, JsonRpc.INVALID_PARAMS, "Invalid params: tools/call needs a tool name");
		}
		JsonNode arguments = params.get("arguments");
		if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
			return error(invalid, id, JsonRpc.INVALID_PARAMS, "Invalid params: tools/call arguments must be an object");
		}
		CallerIdentity identity = this.callers.identify(authentication);
		Caller caller = caller(identity);
		if (caller == null) {
			return notAMember(authentication);
		}
		ObjectNode args = (arguments instanceof ObjectNode object) ? object : null;
		if (modern) {
			Set<String> missing = this.pipeline.missingCapabilities(caller, name.textValue(), args, capabilities);
			if (!missing.isEmpty()) {
				ObjectNode data = this.json.createObjectNode();
				ObjectNode required = data.putObject("requiredCapabilities");
				missing.forEach(required::putObject);
				return error(HttpStatus.BAD_REQUEST, id, JsonRpc.MISSING_REQUIRED_CLIENT_CAPABILITY,
						"Missing required client capability: '" + name.textValue() + "' asks its client for "
								+ String.join(" and ", missing) + " while it runs; declare it in "
								+ McpVersions.META_CLIENT_CAPABILITIES,
						data);
			}
		}
		JsonNode progressToken = RelayedCall.progressToken(params);
		if (modern && params.has("requestState")) {
			return continueRounds(id, params, identity, name.textValue(), args);
		}
		if (modern && !capabilities.isEmpty() && progressToken == null) {
			return startRounds(id, identity, caller, name.textValue(), args, capabilities);
		}
		// a legacy caller that can be asked for sampling or elicitation gets a stream to
		// be
		// asked on; 2026-07-28 sends no requests on a stream
		boolean asks = !modern && !capabilities.isEmpty();
		if (progressToken == null && !asks) {
			RelayedCall call = new RelayedCall(identity, this.inFlight, null, null, capabilities, false);
			ToolResult result = run(identity, id, call, () -> this.pipeline.call(caller, name.textValue(), args, call));
			return result(id, result.toJson(), modern);
		}
		SseChannel stream = new SseChannel();
		RelayedCall call = new RelayedCall(identity, this.inFlight, progressToken, stream, capabilities, !modern);
		// the client closing a call's stream cancels the call (2026-07-28 cancellation)
		stream.onClose(call::cancel);
		try {
			// in the request's trace, though on a thread of its own (SPEC R15.1)
			this.streamedCalls.execute(CONTEXT.captureAll().wrap(() -> {
				ToolResult result = run(identity, id, call,
						() -> this.pipeline.call(caller, name.textValue(), args, call));
				stream.send(response(id, result.toJson(), modern));
				stream.close();
			}));
		}
		catch (RejectedExecutionException ex) {
			return result(id, busy().toJson(), modern);
		}
		return stream.response();
	}

	private static ToolResult busy() {
		return ToolResult.error("Quiver is running " + MAX_STREAMED_CALLS + " streamed calls on this node and cannot "
				+ "start another now; nothing was called. Try again shortly.");
	}

	/**
	 * A 2026-07-28 call whose caller declared sampling or elicitation: it runs beside the
	 * request, and the request is answered by whichever comes first, the result or a
	 * question of the upstream as an {@code input_required} result (SEP-2322).
	 */
	private ResponseEntity<?> startRounds(JsonNode id, CallerIdentity identity, Caller caller, String name,
			ObjectNode args, Set<String> capabilities) {
		RoundTrip trip = new RoundTrip(identity, name, args);
		RelayedCall call = new RelayedCall(identity, this.inFlight, capabilities, trip);
		try {
			this.streamedCalls.execute(() -> {
				try {
					trip.finish(run(identity, id, call, () -> this.pipeline.call(caller, name, args, call)).toJson());
				}
				finally {
					this.rounds.ended(trip);
				}
			});
		}
		catch (RejectedExecutionException ex) {
			return result(id, busy().toJson(), true);
		}
		return round(id, trip, trip.current());
	}

	/**
	 * A retry with the {@code requestState} of a round: the answers go to the call it
	 * continues, and the retry is answered with what the call does next.
	 */
	private ResponseEntity<?> continueRounds(JsonNode id, ObjectNode params, CallerIdentity identity, String name,
			ObjectNode args) {
		JsonNode state = params.get("requestState");
		RoundTrip trip = state.isTextual() ? this.rounds.resume(state.textValue(), identity, name, args) : null;
		if (trip == null) {
			return error(HttpStatus.BAD_REQUEST, id, JsonRpc.INVALID_PARAMS, "Invalid params: requestState does not "
					+ "continue a call of yours with this tool and these arguments on this node (it was used, the call "
					+ "ended, or another node gave it); call the tool again without it");
		}
		JsonNode responses = params.get("inputResponses");
		return round(id, trip, trip.resume((responses != null && responses.isObject()) ? responses : null));
	}

	/**
	 * Answers one round: the call's result, or its question with the state to retry with.
	 */
	private ResponseEntity<?> round(JsonNode id, RoundTrip trip, CompletableFuture<ObjectNode> round) {
		ObjectNode result;
		try {
			result = round.get(RelayedCall.ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			result = ToolResult.error("Quiver was stopped while the call ran; its outcome is in the audit trail.")
				.toJson();
		}
		catch (ExecutionException | TimeoutException ex) {
			result = ToolResult
				.error("The call did not answer within " + RelayedCall.ANSWER_TIMEOUT_SECONDS
						+ " seconds; its outcome is in the audit trail.")
				.toJson();
		}
		if (RoundTrip.INPUT_REQUIRED.equals(result.path("resultType").asText())) {
			result.put("requestState", this.rounds.park(trip));
		}
		return result(id, result, true);
	}

	private ToolResult run(CallerIdentity identity, JsonNode id, RelayedCall call,
			java.util.function.Supplier<ToolResult> body) {
		this.inFlight.register(identity, id.asText(), call);
		try {
			return body.get();
		}
		finally {
			this.inFlight.unregister(identity, id.asText(), call);
		}
	}

	private ResponseEntity<?> listen(JsonNode id, ObjectNode params, Authentication authentication) {
		JsonNode filter = params.get("notifications");
		if (filter == null || !filter.isObject()) {
			return error(HttpStatus.BAD_REQUEST, id, JsonRpc.INVALID_PARAMS,
					"Invalid params: subscriptions/listen needs a notifications filter object");
		}
		CallerIdentity identity = this.callers.identify(authentication);
		Listing now = (identity != null) ? this.listing.of(identity) : null;
		ResponseEntity<byte[]> refused = refusal(id, (now != null) ? now.caller() : null, authentication);
		if (refused != null) {
			return refused;
		}
		boolean tools = filter.path("toolsListChanged").asBoolean(false);
		return this.streams.open(identity, now, id, tools, expiry(authentication)).response();
	}

	/** The capabilities of a modern request that Quiver relays to upstreams. */
	private static Set<String> relayable(ModernRequest request) {
		Set<String> relayed = new HashSet<>();
		for (String capability : List.of("sampling", "elicitation")) {
			if (request.declares(capability)) {
				relayed.add(capability);
			}
		}
		return relayed;
	}

	private static Instant expiry(Authentication authentication) {
		return (authentication instanceof JwtAuthenticationToken token) ? token.getToken().getExpiresAt() : null;
	}

	private Caller caller(CallerIdentity identity) {
		return (identity != null) ? this.callers.resolve(identity, "mcp") : null;
	}

	/**
	 * Why a request that opens or checks a connection ({@code initialize}, {@code ping},
	 * {@code server/discover}, a stream) is refused, or null when it is not: not a member
	 * (403), or a member suspended or removed (403 with the member-status gate's reason,
	 * as the REST API answers, R2.5). A revoked token never gets here: resolving it is
	 * 401 (R14.3). {@code tools/list} and {@code tools/call} answer an inactive member as
	 * R2.3 says instead: an empty list, and an in-band, audited denial.
	 */
	private ResponseEntity<byte[]> refusal(JsonNode id, Caller caller, Authentication authentication) {
		if (caller == null) {
			return notAMember(authentication);
		}
		Verdict status = this.listing.memberStatus(caller);
		return status.allowed() ? null : error(HttpStatus.FORBIDDEN, id, JsonRpc.INVALID_REQUEST, status.reason());
	}

	private ResponseEntity<byte[]> notAMember(Authentication authentication) {
		CallerIdentity identity = this.callers.identify(authentication);
		String who = (identity != null)
				? "subject '" + identity.subject() + "' is not a member of organisation '" + identity.orgId() + "'"
				: "the token names no subject";
		return error(HttpStatus.FORBIDDEN, null, JsonRpc.INVALID_REQUEST, who + "; ask an admin to invite you");
	}

	static boolean acceptsJson(String accept) {
		if (accept == null || accept.isBlank()) {
			return true;
		}
		try {
			return MediaType.parseMediaTypes(accept)
				.stream()
				.anyMatch((type) -> type.includes(MediaType.APPLICATION_JSON));
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	private static boolean isJson(String contentType) {
		try {
			return MediaType.APPLICATION_JSON.isCompatibleWith(MediaType.parseMediaType(contentType));
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	private static String encodeCursor(int offset) {
		return Base64.getUrlEncoder()
			.withoutPadding()
			.encodeToString(("quiver:" + offset).getBytes(StandardCharsets.UTF_8));
	}

	private static Integer decodeCursor(String cursor) {
		try {
			String decoded = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
			if (!decoded.startsWith("quiver:")) {
				return null;
			}
			int offset = Integer.parseInt(decoded.substring("quiver:".length()));
			return (offset >= 0) ? offset : null;
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	/**
	 * A response; a modern one says {@code resultType: complete} and who answered.
	 */
	private ObjectNode response(JsonNode id, ObjectNode result, boolean modern) {
		if (modern) {
			if (!result.has("resultType")) {
				result.put("resultType", "complete");
			}
			ObjectNode meta = result.has("_meta") ? (ObjectNode) result.get("_meta") : result.putObject("_meta");
			meta.set(McpVersions.META_SERVER_INFO, serverInfo());
		}
		ObjectNode response = this.json.createObjectNode();
		response.put("jsonrpc", "2.0");
		response.set("id", id);
		response.set("result", result);
		return response;
	}

	private ResponseEntity<byte[]> result(JsonNode id, ObjectNode result, boolean modern) {
		return json(HttpStatus.OK, response(id, result, modern));
	}

	private ResponseEntity<byte[]> error(HttpStatus status, JsonNode id, int code, String message) {
		return error(status, id, code, message, null);
	}

	private ResponseEntity<byte[]> error(HttpStatus status, JsonNode id, int code, String message, JsonNode data) {
		ObjectNode response = this.json.createObjectNode();
		response.put("jsonrpc", "2.0");
		// An id that could not be read is left out, not null: MCP request ids are never
		// null and its schema makes the id of an error response optional (clients reject
		// a null one).
		if (id != null) {
			response.set("id", id);
		}
		ObjectNode error = response.putObject("error");
		error.put("code", code);
		error.put("message", message);
		if (data != null) {
			error.set("data", data);
		}
		return json(status, response);
	}

	private ResponseEntity<byte[]> json(HttpStatus status, ObjectNode body) {
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(bytes(body));
	}

	/**
	 * The body's UTF-8 bytes, written straight from the tree: a String first cost a
	 * second pass over the text, and two UTF-16 encodings of it once any character was
	 * outside Latin-1 (for the length, then for the body), 15% of a request's CPU under
	 * load (docs/BENCHMARKS.md, throughput).
	 */
	private byte[] bytes(ObjectNode body) {
		try {
			return this.json.writeValueAsBytes(body);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public void destroy() {
		this.streamedCalls.shutdownNow();
	}

}
