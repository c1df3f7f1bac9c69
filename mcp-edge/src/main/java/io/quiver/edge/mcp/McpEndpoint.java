package io.quiver.edge.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.edge.call.ToolCallPipeline;
import io.quiver.edge.call.ToolResult;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.security.CallerIdentity;
import io.quiver.edge.security.CallerResolver;
import io.quiver.edge.support.ApiExceptionHandler;
import io.quiver.query.access.Caller;
import io.quiver.query.gate.CallerSurface;
import io.quiver.query.gate.ToolSurface;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.support.DatabaseFailures;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.boot.info.BuildProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /mcp}: MCP over Streamable HTTP, protocol revision 2025-11-25 (tolerating
 * 2025-06-18 and 2025-03-26 clients), answered as JSON (SPEC R12). A thin, hand-written
 * JSON-RPC edge: the surface differs per caller and changes at run time, which the SDK's
 * global tool list cannot serve.
 * <ul>
 * <li>{@code initialize}, {@code notifications/initialized}, {@code ping},
 * {@code tools/list} (cursor pagination), {@code tools/call};</li>
 * <li>JSON-RPC errors only for malformed JSON-RPC: parse error, invalid request, method
 * not found, invalid params of the protocol itself; everything a model can fix is
 * answered in band by the pipeline (R7.2);</li>
 * <li>an unsupported {@code MCP-Protocol-Version} is 400; GET and DELETE are 405 (no
 * server-sent events, no sessions: the server is stateless).</li>
 * </ul>
 */
@RestController
class McpEndpoint {

	static final String LATEST = "2025-11-25";

	static final Set<String> SUPPORTED = Set.of("2025-11-25", "2025-06-18", "2025-03-26");

	private static final String INSTRUCTIONS = "Quiver is your organisation's single MCP endpoint. Tools named "
			+ "quiver__{resource}__{operation} manage the organisation (members, connections, toolboxes, "
			+ "restrictions, catalog, audit, settings) and are always listed. Tools of connected apps are named "
			+ "{account}__{tool} or after a toolbox. When many are connected, they are reached through search_tools "
			+ "(find by intent or name) and execute_tool (call by name); search never returns quiver__ tools. What "
			+ "you see depends on your role, your token's scopes and your organisation's restrictions.";

	private final ObjectMapper json;

	private final CallerResolver callers;

	private final PolicyStore policies;

	private final ToolSurface surface;

	private final McpToolList toolList;

	private final ToolCallPipeline pipeline;

	private final QuiverProperties properties;

	private final String version;

	McpEndpoint(ObjectMapper json, CallerResolver callers, PolicyStore policies, ToolSurface surface,
			McpToolList toolList, ToolCallPipeline pipeline, QuiverProperties properties,
			ObjectProvider<BuildProperties> build) {
		this.json = json;
		this.callers = callers;
		this.policies = policies;
		this.surface = surface;
		this.toolList = toolList;
		this.pipeline = pipeline;
		this.properties = properties;
		BuildProperties info = build.getIfAvailable();
		this.version = (info != null) ? info.getVersion() : "dev";
	}

	@PostMapping(path = "/mcp")
	ResponseEntity<String> post(HttpServletRequest request, Authentication authentication) {
		String protocolVersion = request.getHeader("MCP-Protocol-Version");
		if (protocolVersion != null && !SUPPORTED.contains(protocolVersion)) {
			return error(HttpStatus.BAD_REQUEST, null, JsonRpc.INVALID_REQUEST,
					"Unsupported MCP-Protocol-Version '" + protocolVersion + "'; this server supports "
							+ String.join(", ", SUPPORTED.stream().sorted().toList()));
		}
		if (!acceptsJson(request.getHeader(HttpHeaders.ACCEPT))) {
			return error(HttpStatus.NOT_ACCEPTABLE, null, JsonRpc.INVALID_REQUEST,
					"this server answers application/json; send Accept: application/json, text/event-stream");
		}
		String contentType = request.getContentType();
		if (contentType == null
				|| !MediaType.APPLICATION_JSON.isCompatibleWith(MediaType.parseMediaType(contentType))) {
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
					"JSON-RPC batches are not supported (removed in MCP 2025-06-18); send one message per request");
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
				return ResponseEntity.accepted().build();
			}
			return error(HttpStatus.BAD_REQUEST, hasValidId ? id : null, JsonRpc.INVALID_REQUEST,
					"Invalid Request: a message needs a method");
		}
		if (!method.isTextual()) {
			return error(HttpStatus.BAD_REQUEST, hasValidId ? id : null, JsonRpc.INVALID_REQUEST,
					"Invalid Request: method must be a string");
		}
		if (id == null) {
			return ResponseEntity.accepted().build();
		}
		if (!hasValidId) {
			return error(HttpStatus.BAD_REQUEST, null, JsonRpc.INVALID_REQUEST,
					"Invalid Request: id must be a string or an integer");
		}
		JsonNode params = message.get("params");
		if (params != null && !params.isNull() && !params.isObject()) {
			return error(HttpStatus.OK, id, JsonRpc.INVALID_PARAMS, "Invalid params: params must be an object");
		}
		ObjectNode parameters = (params instanceof ObjectNode object) ? object : this.json.createObjectNode();
		try {
			return switch (method.textValue()) {
				case "initialize" -> initialize(id, parameters);
				case "ping" -> result(id, this.json.createObjectNode());
				case "tools/list" -> toolsList(id, parameters, authentication);
				case "tools/call" -> toolsCall(id, parameters, authentication);
				default ->
					error(HttpStatus.OK, id, JsonRpc.METHOD_NOT_FOUND, "Method not found: " + method.textValue());
			};
		}
		catch (RuntimeException ex) {
			if (!DatabaseFailures.unavailable(ex)) {
				throw ex;
			}
			// SPEC R7.9: a tools/call answers in band, any other method a JSON-RPC
			// internal error saying to retry; never an HTTP 500
			return method.textValue().equals("tools/call") ? result(id, ToolResult.databaseUnavailable(false).toJson())
					: error(HttpStatus.OK, id, JsonRpc.INTERNAL_ERROR,
							"Quiver's database is unavailable for the moment; retry in a few seconds");
		}
	}

	@GetMapping(path = "/mcp")
	ResponseEntity<String> get() {
		return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
			.header(HttpHeaders.ALLOW, "POST")
			.contentType(MediaType.APPLICATION_JSON)
			.body("{\"error\":\"this server offers no server-sent event stream; POST JSON-RPC messages to /mcp\"}");
	}

	@DeleteMapping(path = "/mcp")
	ResponseEntity<String> delete() {
		return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
			.header(HttpHeaders.ALLOW, "POST")
			.contentType(MediaType.APPLICATION_JSON)
			.body("{\"error\":\"this server keeps no sessions to delete\"}");
	}

	private ResponseEntity<String> initialize(JsonNode id, ObjectNode params) {
		JsonNode requested = params.get("protocolVersion");
		if (requested == null || !requested.isTextual()) {
			return error(HttpStatus.OK, id, JsonRpc.INVALID_PARAMS,
					"Invalid params: initialize needs a protocolVersion string");
		}
		String negotiated = SUPPORTED.contains(requested.textValue()) ? requested.textValue() : LATEST;
		ObjectNode result = this.json.createObjectNode();
		result.put("protocolVersion", negotiated);
		result.putObject("capabilities").putObject("tools").put("listChanged", false);
		ObjectNode server = result.putObject("serverInfo");
		server.put("name", "quiver");
		server.put("title", "Quiver");
		server.put("version", this.version);
		result.put("instructions", INSTRUCTIONS);
		return result(id, result);
	}

	private ResponseEntity<String> toolsList(JsonNode id, ObjectNode params, Authentication authentication) {
		Caller caller = caller(authentication);
		if (caller == null) {
			return notAMember(authentication);
		}
		List<ObjectNode> definitions;
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			CallerSurface visible = this.surface.of(lease.snapshot(), caller);
			definitions = this.toolList.definitions(visible);
		}
		int offset = 0;
		JsonNode cursor = params.get("cursor");
		if (cursor != null && !cursor.isNull()) {
			Integer decoded = cursor.isTextual() ? decodeCursor(cursor.textValue()) : null;
			if (decoded == null || decoded > definitions.size()) {
				return error(HttpStatus.OK, id, JsonRpc.INVALID_PARAMS,
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
		return result(id, result);
	}

	private ResponseEntity<String> toolsCall(JsonNode id, ObjectNode params, Authentication authentication) {
		JsonNode name = params.get("name");
		if (name == null || !name.isTextual() || name.textValue().isEmpty()) {
			return error(HttpStatus.OK, id, JsonRpc.INVALID_PARAMS, "Invalid params: tools/call needs a tool name");
		}
		JsonNode arguments = params.get("arguments");
		if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
			return error(HttpStatus.OK, id, JsonRpc.INVALID_PARAMS,
					"Invalid params: tools/call arguments must be an object");
		}
		Caller caller = caller(authentication);
		if (caller == null) {
			return notAMember(authentication);
		}
		ObjectNode args = (arguments instanceof ObjectNode object) ? object : null;
		return result(id, this.pipeline.call(caller, name.textValue(), args).toJson());
	}

	private Caller caller(Authentication authentication) {
		CallerIdentity identity = this.callers.identify(authentication);
		if (identity == null) {
			return null;
		}
		try (PolicyLease lease = this.policies.open(identity.orgId())) {
			return (lease != null) ? this.callers.resolve(lease.snapshot(), identity, "mcp") : null;
		}
	}

	private ResponseEntity<String> notAMember(Authentication authentication) {
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

	private ResponseEntity<String> result(JsonNode id, JsonNode result) {
		ObjectNode response = this.json.createObjectNode();
		response.put("jsonrpc", "2.0");
		response.set("id", id);
		response.set("result", result);
		return json(HttpStatus.OK, response);
	}

	private ResponseEntity<String> error(HttpStatus status, JsonNode id, int code, String message) {
		ObjectNode response = this.json.createObjectNode();
		response.put("jsonrpc", "2.0");
		// An id that could not be read is left out, not null: MCP request ids are never
		// null and
		// its schema makes the id of an error response optional (clients reject a null
		// one).
		if (id != null) {
			response.set("id", id);
		}
		ObjectNode error = response.putObject("error");
		error.put("code", code);
		error.put("message", message);
		return json(status, response);
	}

	private ResponseEntity<String> json(HttpStatus status, ObjectNode body) {
		try {
			return ResponseEntity.status(status)
				.contentType(MediaType.APPLICATION_JSON)
				.body(this.json.writeValueAsString(body));
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
