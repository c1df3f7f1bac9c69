package io.quiver.edge.upstream;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;

/**
 * A tiny MCP server written by hand on {@link RecordingHttpServer}, for what the official
 * SDK server does not do: paginate {@code tools/list}, answer an older protocol version,
 * interleave notifications and priming events in an SSE answer and keep the stream open,
 * misbehave on purpose.
 */
final class HandMadeMcpServer implements AutoCloseable {

	private static final ObjectMapper JSON = new ObjectMapper();

	final RecordingHttpServer http;

	/** The protocol version answered to initialize. */
	volatile String protocolVersion = "2025-06-18";

	/** Answer tools/call as an SSE stream (true) or one JSON object (false). */
	volatile boolean sse = true;

	/** The tools/list pages, each an array of tools; consecutive pages link by cursor. */
	volatile List<ArrayNode> pages = List.of(JSON.createArrayNode());

	/** When set, every page links to the same cursor (a broken server). */
	volatile boolean repeatCursor;

	/** When set, tools/call answers with this raw JSON body instead of a result. */
	volatile String rawCallAnswer;

	final AtomicInteger initializations = new AtomicInteger();

	final AtomicInteger deletions = new AtomicInteger();

	/** The status it answers for an unknown session: 404 by the spec, 400 by some. */
	volatile int unknownSessionStatus = 404;

	private final Set<String> sessions = ConcurrentHashMap.newKeySet();

	HandMadeMcpServer() throws IOException {
		this.http = new RecordingHttpServer();
		this.http.on("/mcp", this::handle);
	}

	String url() {
		return this.http.baseUrl() + "/mcp";
	}

	/** As if the server restarted: every session is unknown. */
	void forgetSessions() {
		this.sessions.clear();
	}

	private void handle(HttpExchange exchange, RecordingHttpServer.Received request) throws Exception {
		if (request.method().equals("DELETE")) {
			this.sessions.remove(request.header("Mcp-Session-Id"));
			this.deletions.incrementAndGet();
			exchange.sendResponseHeaders(204, -1);
			return;
		}
		JsonNode message = JSON.readTree(request.body());
		String method = message.path("method").asText();
		if (method.equals("initialize")) {
			String session = "session-" + this.initializations.incrementAndGet();
			this.sessions.add(session);
			exchange.getResponseHeaders().set("Mcp-Session-Id", session);
			ObjectNode result = JSON.createObjectNode().put("protocolVersion", this.protocolVersion);
			result.putObject("capabilities").putObject("tools");
			result.putObject("serverInfo").put("name", "hand-made").put("version", "1");
			RecordingHttpServer.json(exchange, 200, response(message, result).toString());
			return;
		}
		if (!this.sessions.contains(request.header("Mcp-Session-Id"))) {
			RecordingHttpServer.send(exchange, this.unknownSessionStatus, "text/plain", "unknown session");
			return;
		}
		if (!message.has("id")) {
			exchange.sendResponseHeaders(202, -1);
			return;
		}
		switch (method) {
			case "tools/list" -> {
				String cursor = message.path("params").path("cursor").asText("");
				int page = cursor.isEmpty() ? 0 : Integer.parseInt(cursor.substring(4));
				ObjectNode result = JSON.createObjectNode();
				result.set("tools", this.pages.get(page));
				if (page + 1 < this.pages.size()) {
					result.put("nextCursor", this.repeatCursor ? "page1" : "page" + (page + 1));
				}
				RecordingHttpServer.json(exchange, 200, response(message, result).toString());
			}
			case "tools/call" -> call(exchange, message);
			default -> {
				ObjectNode error = JSON.createObjectNode().put("jsonrpc", "2.0");
				error.set("id", message.get("id"));
				error.putObject("error").put("code", -32601).put("message", "no such method");
				RecordingHttpServer.json(exchange, 200, error.toString());
			}
		}
	}

	private void call(HttpExchange exchange, JsonNode message) throws Exception {
		String tool = message.path("params").path("name").asText();
		if (this.rawCallAnswer != null) {
			RecordingHttpServer.json(exchange, 200, this.rawCallAnswer);
			return;
		}
		if (tool.equals("missing")) {
			ObjectNode error = JSON.createObjectNode().put("jsonrpc", "2.0");
			error.set("id", message.get("id"));
			error.putObject("error").put("code", -32602).put("message", "Unknown tool: missing");
			RecordingHttpServer.json(exchange, 200, error.toString());
			return;
		}
		ObjectNode result = JSON.createObjectNode();
		result.putArray("content").addObject().put("type", "text").put("text", "called " + tool);
		result.putObject("structuredContent")
			.put("tool", tool)
			.set("arguments", message.path("params").path("arguments"));
		result.put("isError", false);
		String answer = response(message, result).toString();
		if (!this.sse) {
			RecordingHttpServer.json(exchange, 200, answer);
			return;
		}
		exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
		exchange.sendResponseHeaders(200, 0);
		OutputStream out = exchange.getResponseBody();
		// a priming event, a comment, a notification, a server request, then the response
		// split over two data lines with CRLF endings; then the stream stays open
		write(out, "id: ev-0\ndata:\n\n");
		write(out, ": keep-alive\n\n");
		write(out, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\","
				+ "\"params\":{\"progress\":1}}\n\n");
		write(out, "data: {\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"method\":\"roots/list\"}\n\n");
		int cut = answer.indexOf(",");
		write(out, "id: ev-1\r\ndata: " + answer.substring(0, cut + 1) + "\r\ndata: " + answer.substring(cut + 1)
				+ "\r\n\r\n");
		Thread.sleep(10_000);
	}

	private static void write(OutputStream out, String text) throws IOException {
		out.write(text.getBytes(StandardCharsets.UTF_8));
		out.flush();
	}

	private static ObjectNode response(JsonNode request, JsonNode result) {
		ObjectNode response = JSON.createObjectNode().put("jsonrpc", "2.0");
		response.set("id", request.get("id"));
		response.set("result", result);
		return response;
	}

	@Override
	public void close() {
		this.http.close();
	}

}
