package io.quiver.edge.upstream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads the answer to one JSON-RPC request from an MCP server, which may come as
 * {@code application/json} (one message) or as {@code text/event-stream}: then events are
 * parsed as they arrive, notifications and server requests go to a consumer of the
 * caller's (progress, sampling and elicitation requests, SPEC R12.7), priming events are
 * skipped, and reading stops at the response carrying the request's id, without waiting
 * for the server to close the stream. Both are bounded by the response size limit
 * ({@link BoundedBody}).
 */
final class McpReplyBody extends BoundedBody<McpReplyBody.Content> {

	private static final ObjectMapper JSON = new ObjectMapper();

	/**
	 * The response message for the request (null if none came), and the raw body in JSON
	 * mode for error excerpts.
	 */
	record Content(JsonNode message, byte[] raw) {
	}

	private final String id;

	private final boolean eventStream;

	private final Consumer<JsonNode> others;

	private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

	private final StringBuilder data = new StringBuilder();

	private boolean dataSeen;

	private boolean afterCarriageReturn;

	private McpReplyBody(String id, int limit, boolean eventStream, Consumer<JsonNode> others) {
		super(limit);
		this.id = id;
		this.eventStream = eventStream;
		this.others = others;
	}

	/** A handler for the answer to the request with this id (null for a notification). */
	static HttpResponse.BodyHandler<Content> handler(Long id, int limit) {
		return handler(id, limit, (message) -> {
		});
	}

	/**
	 * A handler for the answer to the request with this id; every other message on the
	 * stream (a notification, a request of the server) goes to {@code others}, on the
	 * HTTP client's thread, as it arrives.
	 */
	static HttpResponse.BodyHandler<Content> handler(Long id, int limit, Consumer<JsonNode> others) {
		return (info) -> {
			String contentType = info.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
			return new McpReplyBody((id != null) ? id.toString() : null, limit,
					info.statusCode() == 200 && contentType.startsWith("text/event-stream"), others);
		};
	}

	@Override
	protected void consume(ByteBuffer buffer) {
		while (buffer.hasRemaining() && !this.result.isDone()) {
			byte b = buffer.get();
			if (this.eventStream) {
				feed(b);
			}
			else {
				this.bytes.write(b);
			}
		}
	}

	@Override
	protected void complete() {
		if (this.eventStream) {
			endLine();
			dispatch();
			this.result.complete(new Content(null, new byte[0]));
			return;
		}
		byte[] raw = this.bytes.toByteArray();
		this.result.complete(new Content(match(parse(raw)), raw));
	}

	/** SSE lines end with CR, LF or CRLF. */
	private void feed(byte b) {
		if (b == '\n' && this.afterCarriageReturn) {
			this.afterCarriageReturn = false;
			return;
		}
		this.afterCarriageReturn = (b == '\r');
		if (b == '\n' || b == '\r') {
			endLine();
		}
		else {
			this.bytes.write(b);
		}
	}

	private void endLine() {
		String line = this.bytes.toString(StandardCharsets.UTF_8);
		this.bytes.reset();
		if (line.isEmpty()) {
			dispatch();
			return;
		}
		if (line.startsWith(":")) {
			return;
		}
		int colon = line.indexOf(':');
		String field = (colon < 0) ? line : line.substring(0, colon);
		String value = (colon < 0) ? "" : line.substring(colon + 1);
		if (value.startsWith(" ")) {
			value = value.substring(1);
		}
		if (field.equals("data")) {
			if (this.dataSeen) {
				this.data.append('\n');
			}
			this.data.append(value);
			this.dataSeen = true;
		}
	}

	private void dispatch() {
		String event = this.data.toString();
		this.data.setLength(0);
		this.dataSeen = false;
		if (event.isBlank()) {
			return;
		}
		JsonNode parsed = parse(event.getBytes(StandardCharsets.UTF_8));
		JsonNode message = match(parsed);
		if (message != null) {
			this.result.complete(new Content(message, new byte[0]));
		}
		else if (parsed != null && parsed.isObject() && parsed.hasNonNull("method")) {
			this.others.accept(parsed);
		}
	}

	/**
	 * The response to our request in a parsed message or batch: the same id, or an error
	 * without an id (the server could not read the request).
	 */
	private JsonNode match(JsonNode parsed) {
		if (parsed == null) {
			return null;
		}
		if (parsed.isArray()) {
			for (JsonNode item : parsed) {
				JsonNode found = match(item);
				if (found != null) {
					return found;
				}
			}
			return null;
		}
		if (!parsed.isObject() || !(parsed.has("result") || parsed.has("error"))) {
			return null;
		}
		JsonNode id = parsed.get("id");
		boolean sameId = id != null && !id.isNull() && id.asText().equals(this.id);
		boolean anonymousError = (id == null || id.isNull()) && parsed.has("error");
		return (sameId || anonymousError) ? parsed : null;
	}

	private static JsonNode parse(byte[] raw) {
		if (raw.length == 0) {
			return null;
		}
		try {
			return JSON.readTree(raw);
		}
		catch (IOException ex) {
			return null;
		}
	}

}
