package io.quiver.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The REST API over real HTTP with a bearer token, answering status and JSON body.
 */
public final class Rest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

	private final String baseUrl;

	private final String token;

	public Rest(String baseUrl, String token) {
		this.baseUrl = baseUrl;
		this.token = token;
	}

	public Response get(String path) {
		return send("GET", path, null);
	}

	/**
	 * A {@code tools/call} over {@code /mcp} as one JSON-RPC request without a session;
	 * answers the whole JSON-RPC answer.
	 */
	public JsonNode callTool(String tool, Map<String, ?> arguments) {
		return post("/mcp", Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/call", "params",
				Map.of("name", tool, "arguments", arguments)))
			.json();
	}

	public Response post(String path, Object body) {
		return send("POST", path, body);
	}

	public Response put(String path, Object body) {
		return send("PUT", path, body);
	}

	public Response patch(String path, Object body) {
		return send("PATCH", path, body);
	}

	public Response delete(String path) {
		return send("DELETE", path, null);
	}

	/** Sends a raw body as given (for malformed-input tests). */
	public Response raw(String method, String path, String body) {
		HttpRequest.Builder request = request(path).method(method, HttpRequest.BodyPublishers.ofString(body));
		return execute(request);
	}

	/** Sends a raw body as given, declared as the given content type. */
	public Response raw(String method, String path, String body, String contentType) {
		HttpRequest.Builder request = request(path).setHeader("Content-Type", contentType)
			.method(method, HttpRequest.BodyPublishers.ofString(body));
		return execute(request);
	}

	public Response send(String method, String path, Object body) {
		try {
			String text = (body == null) ? null : (body instanceof String s) ? s : JSON.writeValueAsString(body);
			HttpRequest.Builder request = request(path).method(method,
					(text == null) ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(text));
			return execute(request);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private HttpRequest.Builder request(String path) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.baseUrl + path))
			.timeout(Duration.ofSeconds(60))
			.header("Content-Type", "application/json")
			.header("Accept", "application/json");
		if (this.token != null) {
			request.header("Authorization", "Bearer " + this.token);
		}
		return request;
	}

	private static Response execute(HttpRequest.Builder request) {
		HttpResponse<String> response = exchange(HTTP, request.build());
		JsonNode json = null;
		if (response.body() != null && !response.body().isBlank()) {
			try {
				json = JSON.readTree(response.body());
			}
			catch (IOException ex) {
				json = null;
			}
		}
		return new Response(response.statusCode(), json, response.body(), response.headers().map());
	}

	/**
	 * Sends a request with this client and answers the response with its body as text; a
	 * failure to send is a test failure ({@link IllegalStateException}).
	 */
	public static HttpResponse<String> exchange(HttpClient client, HttpRequest request) {
		try {
			return client.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * An HTTP answer.
	 */
	public record Response(int status, JsonNode json, String body,
			java.util.Map<String, java.util.List<String>> headers) {

		public String header(String name) {
			return this.headers.entrySet()
				.stream()
				.filter((entry) -> entry.getKey().equalsIgnoreCase(name))
				.map((entry) -> entry.getValue().get(0))
				.findFirst()
				.orElse(null);
		}

	}

}
