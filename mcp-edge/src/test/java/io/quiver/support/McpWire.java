package io.quiver.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The MCP endpoint on the wire: raw JSON-RPC messages to {@code POST /mcp} with the
 * headers a client sends (or deliberately wrong ones), answering status, headers and body
 * exactly as received, for protocol tests that an SDK client would refuse to send.
 */
public final class McpWire {

	public static final String ACCEPT = "application/json, text/event-stream";

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

	private final String baseUrl;

	private final String token;

	public McpWire(String baseUrl, String token) {
		this.baseUrl = baseUrl;
		this.token = token;
	}

	/** A JSON-RPC request object. */
	public static ObjectNode request(Object id, String method, Object params) {
		ObjectNode message = JSON.createObjectNode();
		message.put("jsonrpc", "2.0");
		message.set("id", JSON.valueToTree(id));
		message.put("method", method);
		if (params != null) {
			message.set("params", JSON.valueToTree(params));
		}
		return message;
	}

	/** A JSON-RPC notification object. */
	public static ObjectNode notification(String method) {
		ObjectNode message = JSON.createObjectNode();
		message.put("jsonrpc", "2.0");
		message.put("method", method);
		return message;
	}

	/** Sends a request with the headers a 2025-11-25 client sends after initialize. */
	public Rest.Response call(String method, Object params) {
		return post(request(1, method, params).toString());
	}

	/** The {@code result} of a request, failing on a JSON-RPC error. */
	public JsonNode result(String method, Object params) {
		Rest.Response response = call(method, params);
		if (response.status() != 200 || response.json() == null || !response.json().has("result")) {
			throw new AssertionError(method + " failed: " + response.status() + " " + response.body());
		}
		return response.json().get("result");
	}

	/**
	 * Sends a 2026-07-28 request: its params with the {@code _meta} a modern client sends
	 * (the version, no client capabilities) and the headers that mirror it.
	 * @param name the tool name or resource URI {@code Mcp-Name} mirrors, or null
	 */
	public Rest.Response modern(String method, String name, Map<String, Object> params) {
		return modern(method, name, params, Map.of());
	}

	/** A 2026-07-28 request whose client declares these capabilities. */
	public Rest.Response modern(String method, String name, Map<String, Object> params,
			Map<String, Object> capabilities) {
		ObjectNode body = request(1, method, params);
		ObjectNode meta = ((ObjectNode) body.get("params")).putObject("_meta");
		meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
		meta.set("io.modelcontextprotocol/clientCapabilities", JSON.valueToTree(capabilities));
		Map<String, String> headers = new LinkedHashMap<>();
		headers.put("MCP-Protocol-Version", "2026-07-28");
		headers.put("Mcp-Method", method);
		if (name != null) {
			headers.put("Mcp-Name", name);
		}
		return post(body.toString(), headers);
	}

	/** Posts a raw body with the usual client headers. */
	public Rest.Response post(String body) {
		return post(body, Map.of());
	}

	/**
	 * Posts a raw body with the usual client headers, each overridden (or removed, with a
	 * null value) by {@code headers}.
	 */
	public Rest.Response post(String body, Map<String, String> headers) {
		return send("POST", body, headers);
	}

	public Rest.Response send(String method, String body, Map<String, String> headers) {
		Map<String, String> all = headers(headers);
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.baseUrl + "/mcp"))
			.timeout(Duration.ofSeconds(60))
			.method(method,
					(body == null) ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
		all.forEach(request::header);
		HttpResponse<String> response = Rest.exchange(HTTP, request.build());
		return new Rest.Response(response.statusCode(), parse(response.body()), response.body(),
				response.headers().map());
	}

	/**
	 * Sends a POST over a plain socket, so that headers the JDK client will not set (a
	 * foreign {@code Host}) and a body without a declared length (chunked) can be sent.
	 * @param chunked send the body chunked, without Content-Length
	 */
	public Rest.Response raw(int port, String host, String body, boolean chunked) {
		Map<String, String> all = headers(Map.of());
		StringBuilder head = new StringBuilder("POST /mcp HTTP/1.1\r\nHost: ").append(host).append("\r\n");
		all.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
		byte[] payload = body.getBytes(StandardCharsets.UTF_8);
		head.append(chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: " + payload.length + "\r\n");
		head.append("Connection: close\r\n\r\n");
		try (Socket socket = new Socket("127.0.0.1", port)) {
			socket.setSoTimeout(60_000);
			OutputStream out = socket.getOutputStream();
			out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
			if (chunked) {
				int chunk = 64 * 1024;
				for (int offset = 0; offset < payload.length; offset += chunk) {
					int length = Math.min(chunk, payload.length - offset);
					out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
					out.write(payload, offset, length);
					out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
				}
				out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
			}
			else {
				out.write(payload);
			}
			out.flush();
			return parseRaw(socket.getInputStream());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private Map<String, String> headers(Map<String, String> overrides) {
		Map<String, String> all = new LinkedHashMap<>();
		all.put("Content-Type", "application/json");
		all.put("Accept", ACCEPT);
		all.put("MCP-Protocol-Version", "2025-11-25");
		if (this.token != null) {
			all.put("Authorization", "Bearer " + this.token);
		}
		overrides.forEach((name, value) -> {
			all.keySet().removeIf((existing) -> existing.equalsIgnoreCase(name));
			if (value != null) {
				all.put(name, value);
			}
		});
		return all;
	}

	private static Rest.Response parseRaw(InputStream in) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try {
			in.transferTo(bytes);
		}
		catch (IOException ex) {
			// The server may reset the connection after answering a refused upload.
		}
		String text = bytes.toString(StandardCharsets.UTF_8);
		int end = text.indexOf("\r\n\r\n");
		if (end < 0) {
			throw new IllegalStateException("no HTTP answer: " + text);
		}
		String[] lines = text.substring(0, end).split("\r\n");
		int status = Integer.parseInt(lines[0].split(" ")[1]);
		Map<String, List<String>> headers = new LinkedHashMap<>();
		boolean chunked = false;
		for (int i = 1; i < lines.length; i++) {
			int colon = lines[i].indexOf(':');
			String name = lines[i].substring(0, colon).strip();
			String value = lines[i].substring(colon + 1).strip();
			headers.put(name.toLowerCase(Locale.ROOT), List.of(value));
			chunked |= name.equalsIgnoreCase("Transfer-Encoding") && value.equalsIgnoreCase("chunked");
		}
		String body = text.substring(end + 4);
		if (chunked) {
			body = dechunk(body);
		}
		return new Rest.Response(status, parse(body), body, headers);
	}

	private static String dechunk(String body) {
		StringBuilder out = new StringBuilder();
		int at = 0;
		while (at < body.length()) {
			int lineEnd = body.indexOf("\r\n", at);
			if (lineEnd < 0) {
				break;
			}
			int size = Integer.parseInt(body.substring(at, lineEnd).strip(), 16);
			if (size == 0) {
				break;
			}
			out.append(body, lineEnd + 2, lineEnd + 2 + size);
			at = lineEnd + 2 + size + 2;
		}
		return out.toString();
	}

	private static JsonNode parse(String body) {
		if (body == null || body.isBlank()) {
			return null;
		}
		try {
			return JSON.readTree(body);
		}
		catch (IOException ex) {
			return null;
		}
	}

}
