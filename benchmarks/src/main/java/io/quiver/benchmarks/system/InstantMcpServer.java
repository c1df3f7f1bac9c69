package io.quiver.benchmarks.system;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The local upstream MCP server of the benchmarks: Streamable HTTP on loopback, answering
 * JSON at once, without sessions. It offers a read-only tool, {@code echo}, whose result
 * repeats its {@code text} argument, and a write tool, {@code note}, that answers the
 * same. The gateway-overhead benchmark calls them (and {@code ping}) directly and through
 * Quiver, so the difference is Quiver.
 */
final class InstantMcpServer implements AutoCloseable {

	static final String TOOL = "echo";

	/**
	 * A write tool (neither read-only nor destructive) that answers like {@link #TOOL}.
	 */
	static final String WRITE_TOOL = "note";

	private static final ObjectMapper JSON = new ObjectMapper();

	private final HttpServer server;

	private final ExecutorService threads;

	private InstantMcpServer(HttpServer server, ExecutorService threads) {
		this.server = server;
		this.threads = threads;
	}

	static InstantMcpServer start() throws IOException {
		// else the headers and the body of an answer leave in two segments, and Nagle's
		// algorithm holds the second until the client's delayed ACK (40 ms on Linux)
		System.setProperty("sun.net.httpserver.nodelay", "true");
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
		ExecutorService threads = Executors.newFixedThreadPool(32);
		InstantMcpServer mcp = new InstantMcpServer(server, threads);
		server.createContext("/mcp", mcp::handle);
		server.setExecutor(threads);
		server.start();
		return mcp;
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/mcp";
	}

	/** The JSON-RPC body of a {@code tools/call} of {@link #TOOL} under a name. */
	static String callBody(String name) {
		return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"" + name
				+ "\",\"arguments\":{\"text\":\"hello\"}}}";
	}

	/** The JSON-RPC body of a {@code ping}. */
	static String pingBody() {
		return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			if (!exchange.getRequestMethod().equals("POST")) {
				exchange.sendResponseHeaders(405, -1);
				return;
			}
			JsonNode message;
			try (InputStream body = exchange.getRequestBody()) {
				message = JSON.readTree(body);
			}
			if (!message.has("id")) {
				exchange.sendResponseHeaders(202, -1);
				return;
			}
			ObjectNode result = JSON.createObjectNode();
			switch (message.path("method").asText()) {
				case "initialize" -> {
					result.put("protocolVersion", message.path("params").path("protocolVersion").asText("2025-11-25"));
					result.putObject("capabilities").putObject("tools");
					result.putObject("serverInfo").put("name", "instant").put("version", "1");
				}
				case "tools/list" -> {
					ObjectNode tool = result.putArray("tools").addObject();
					tool.put("name", TOOL).put("description", "Repeats the text it is given, at once.");
					ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
					schema.putObject("properties")
						.putObject("text")
						.put("type", "string")
						.put("description", "What to repeat.");
					tool.putObject("annotations").put("readOnlyHint", true);
					ObjectNode write = result.withArray("tools").addObject();
					write.put("name", WRITE_TOOL).put("description", "Notes the text it is given, at once.");
					write.set("inputSchema", schema.deepCopy());
					write.putObject("annotations").put("readOnlyHint", false).put("destructiveHint", false);
				}
				case "tools/call" -> {
					result.putArray("content")
						.addObject()
						.put("type", "text")
						.put("text", message.path("params").path("arguments").path("text").asText());
					result.put("isError", false);
				}
				case "ping" -> {
				}
				default -> {
					reply(exchange, "{\"jsonrpc\":\"2.0\",\"id\":" + message.get("id")
							+ ",\"error\":{\"code\":-32601,\"message\":\"no such method\"}}");
					return;
				}
			}
			ObjectNode response = JSON.createObjectNode().put("jsonrpc", "2.0");
			response.set("id", message.get("id"));
			response.set("result", result);
			reply(exchange, response.toString());
		}
	}

	private static void reply(HttpExchange exchange, String json) throws IOException {
		byte[] bytes = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "application/json");
		exchange.sendResponseHeaders(200, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.threads.shutdownNow();
	}

}
