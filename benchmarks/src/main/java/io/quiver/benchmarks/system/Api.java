package io.quiver.benchmarks.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One caller of one Quiver node (or of the upstream, without a token) over the JDK HTTP
 * client, HTTP/1.1 with kept-alive connections, as an MCP client or a script would call.
 */
final class Api {

	static final ObjectMapper JSON = new ObjectMapper();

	/** A request that takes longer than this is counted as hanging. */
	static final Duration TIMEOUT = Duration.ofSeconds(30);

	private static final HttpClient HTTP = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.executor(Executors.newCachedThreadPool((r) -> {
			Thread thread = new Thread(r, "http-client");
			thread.setDaemon(true);
			return thread;
		}))
		.build();

	final String baseUrl;

	private final String token;

	Api(String baseUrl, String token) {
		this.baseUrl = baseUrl;
		this.token = token;
	}

	/** A caller with a token of the node's development issuer, every scope granted. */
	static Api as(String baseUrl, String subject) {
		JsonNode token = new Api(baseUrl, null)
			.send("POST", "/dev/token",
					json(Map.of("sub", subject, "org", "demo", "scope",
							"mcp:read mcp:write mcp:destructive mcp:tools")))
			.json();
		return new Api(baseUrl, token.path("access_token").asText());
	}

	String token() {
		return this.token;
	}

	Response post(String path, Object body) {
		return send("POST", path, json(body));
	}

	Response patch(String path, Object body) {
		return send("PATCH", path, json(body));
	}

	Response get(String path) {
		return send("GET", path, null);
	}

	/** A JSON-RPC request to {@code /mcp}, answered 200 with a JSON-RPC response. */
	JsonNode mcp(String method, Object params) {
		Response response = post("/mcp",
				(params != null) ? Map.of("jsonrpc", "2.0", "id", 1, "method", method, "params", params)
						: Map.of("jsonrpc", "2.0", "id", 1, "method", method));
		return response.expect(200).json();
	}

	Response send(String method, String path, String body) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.baseUrl + path))
			.timeout(TIMEOUT)
			.header("Content-Type", "application/json")
			.header("Accept", "application/json")
			.method(method,
					(body != null) ? HttpRequest.BodyPublishers.ofString(body) : HttpRequest.BodyPublishers.noBody());
		if (this.token != null) {
			request.header("Authorization", "Bearer " + this.token);
		}
		try {
			HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
			return new Response(method + " " + path, response.statusCode(), response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(method + " " + path + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	static String json(Object body) {
		try {
			return (body instanceof String text) ? text : JSON.writeValueAsString(body);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalArgumentException(ex);
		}
	}

	/** An answer: status and body. */
	record Response(String request, int status, String body) {

		JsonNode json() {
			try {
				return JSON.readTree(this.body);
			}
			catch (JsonProcessingException ex) {
				throw new IllegalStateException(this.request + " answered " + this.status + " with no JSON: "
						+ this.body.substring(0, Math.min(300, this.body.length())), ex);
			}
		}

		Response expect(int expected) {
			if (this.status != expected) {
				throw new IllegalStateException(this.request + " answered " + this.status + " instead of " + expected
						+ ": " + this.body.substring(0, Math.min(500, this.body.length())));
			}
			return this;
		}

		int bytes() {
			return this.body.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
		}

	}

}
