package io.quiver.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.awaitility.Awaitility;

/**
 * One open notification stream of {@code /mcp} on the wire, read as it arrives: a legacy
 * GET stream or a 2026-07-28 {@code subscriptions/listen} stream. Collects every JSON-RPC
 * message the server sends, so a test can count them.
 */
public final class McpStream implements AutoCloseable {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

	private final List<JsonNode> messages = new CopyOnWriteArrayList<>();

	private final CompletableFuture<HttpResponse<Stream<String>>> response;

	private volatile boolean ended;

	private McpStream(HttpRequest request) {
		this.response = HTTP.sendAsync(request, HttpResponse.BodyHandlers.ofLines());
		this.response.thenAccept((answer) -> {
			Thread reader = new Thread(() -> {
				try (Stream<String> lines = answer.body()) {
					lines.forEach((line) -> {
						if (line.startsWith("data:") && line.length() > 5) {
							try {
								this.messages.add(JSON.readTree(line.substring(5).strip()));
							}
							catch (IOException ex) {
								// not JSON: not a message
							}
						}
					});
				}
				catch (RuntimeException ex) {
					// closed
				}
				this.ended = true;
			}, "mcp-stream-reader");
			reader.setDaemon(true);
			reader.start();
		});
	}

	/** A legacy (2025-11-25) GET stream. */
	public static McpStream legacy(String baseUrl, String token) {
		return new McpStream(HttpRequest.newBuilder(URI.create(baseUrl + "/mcp"))
			.header("Accept", "text/event-stream")
			.header("MCP-Protocol-Version", "2025-11-25")
			.header("Authorization", "Bearer " + token)
			.GET()
			.build()).opened();
	}

	/**
	 * A modern (2026-07-28) {@code subscriptions/listen} stream asking for tool list
	 * changes.
	 */
	public static McpStream listen(String baseUrl, String token, int id, boolean toolsListChanged) {
		ObjectNode body = JSON.createObjectNode()
			.put("jsonrpc", "2.0")
			.put("id", id)
			.put("method", "subscriptions/listen");
		ObjectNode params = body.putObject("params");
		params.putObject("notifications").put("toolsListChanged", toolsListChanged);
		params.set("_meta", JSON.valueToTree(Map.of("io.modelcontextprotocol/protocolVersion", "2026-07-28",
				"io.modelcontextprotocol/clientCapabilities", Map.of())));
		return new McpStream(HttpRequest.newBuilder(URI.create(baseUrl + "/mcp"))
			.header("Accept", "application/json, text/event-stream")
			.header("Content-Type", "application/json")
			.header("MCP-Protocol-Version", "2026-07-28")
			.header("Mcp-Method", "subscriptions/listen")
			.header("Authorization", "Bearer " + token)
			.POST(HttpRequest.BodyPublishers.ofString(body.toString()))
			.build()).opened();
	}

	/**
	 * A legacy {@code tools/call} answered as a stream (it carries a progress token): its
	 * progress and its response.
	 */
	public static McpStream call(String baseUrl, String token, int id, Map<String, Object> params) {
		ObjectNode body = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", "tools/call");
		body.set("params", JSON.valueToTree(params));
		return new McpStream(HttpRequest.newBuilder(URI.create(baseUrl + "/mcp"))
			.header("Accept", "application/json, text/event-stream")
			.header("Content-Type", "application/json")
			.header("MCP-Protocol-Version", "2025-11-25")
			.header("Authorization", "Bearer " + token)
			.POST(HttpRequest.BodyPublishers.ofString(body.toString()))
			.build()).opened();
	}

	/** The JSON-RPC response on the stream (a call's answer), or null while none came. */
	public JsonNode response() {
		return this.messages.stream()
			.filter((message) -> message.has("result") || message.has("error"))
			.findFirst()
			.orElse(null);
	}

	private McpStream opened() {
		try {
			HttpResponse<Stream<String>> answer = this.response.get(60, TimeUnit.SECONDS);
			if (answer.statusCode() != 200) {
				throw new AssertionError("the stream was refused with HTTP " + answer.statusCode());
			}
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		return this;
	}

	public List<JsonNode> messages() {
		return List.copyOf(this.messages);
	}

	/** How many messages of this method arrived. */
	public long count(String method) {
		return this.messages.stream().filter((message) -> method.equals(message.path("method").asText())).count();
	}

	public long listChanged() {
		return count("notifications/tools/list_changed");
	}

	/** Waits until at least this many {@code tools/list_changed} arrived. */
	public McpStream awaitListChanged(long atLeast) {
		Awaitility.await("tools/list_changed x" + atLeast)
			.atMost(Duration.ofSeconds(30))
			.until(() -> listChanged() >= atLeast);
		return this;
	}

	/** Waits until the server ended the stream. */
	public void awaitEnded() {
		Awaitility.await("stream ended").atMost(Duration.ofSeconds(30)).until(() -> this.ended);
	}

	public boolean ended() {
		return this.ended;
	}

	@Override
	public void close() {
		this.response.thenAccept((answer) -> answer.body().close());
	}

}
