package io.quiver.edge.upstream;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A real HTTP server on loopback (the JDK's {@code com.sun.net.httpserver}: no extra test
 * dependency, and full control over timing, so a test can stall, drip a body or drop a
 * connection), recording every request it receives.
 */
public final class RecordingHttpServer implements AutoCloseable {

	/** One request as the server saw it: raw path and query, headers, body. */
	public record Received(String method, String rawPath, String rawQuery, Headers headers, String body) {

		String header(String name) {
			return this.headers.getFirst(name);
		}

	}

	@FunctionalInterface
	public interface Responder {

		void respond(HttpExchange exchange, Received request) throws Exception;

	}

	private final HttpServer server;

	private final ExecutorService executor = Executors.newCachedThreadPool();

	private final Map<String, Responder> responders = new ConcurrentHashMap<>();

	final BlockingQueue<Received> received = new LinkedBlockingQueue<>();

	public RecordingHttpServer() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.server.setExecutor(this.executor);
		this.server.createContext("/", this::handle);
		this.server.start();
	}

	/** Answers requests whose raw path is exactly {@code path}. */
	public RecordingHttpServer on(String path, Responder responder) {
		this.responders.put(path, responder);
		return this;
	}

	public String baseUrl() {
		return "http://127.0.0.1:" + port();
	}

	int port() {
		return this.server.getAddress().getPort();
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (InputStream in = exchange.getRequestBody()) {
			String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
			Received request = new Received(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
					exchange.getRequestURI().getRawQuery(), exchange.getRequestHeaders(), body);
			this.received.add(request);
			Responder responder = this.responders.get(request.rawPath());
			if (responder == null) {
				send(exchange, 404, "text/plain", "no route");
				return;
			}
			responder.respond(exchange, request);
		}
		catch (IOException ex) {
			throw ex;
		}
		catch (Exception ex) {
			// the test stopped the server or the client went away
		}
		finally {
			exchange.close();
		}
	}

	public static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		if (contentType != null) {
			exchange.getResponseHeaders().set("Content-Type", contentType);
		}
		exchange.sendResponseHeaders(status, (bytes.length == 0) ? -1 : bytes.length);
		if (bytes.length > 0) {
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(bytes);
			}
		}
	}

	public static void json(HttpExchange exchange, int status, String body) throws IOException {
		send(exchange, status, "application/json", body);
	}

	static void redirect(HttpExchange exchange, int status, String location) throws IOException {
		exchange.getResponseHeaders().set("Location", location);
		exchange.sendResponseHeaders(status, -1);
	}

	static List<String> all(Headers headers, String name) {
		List<String> values = headers.get(name);
		return (values != null) ? values : List.of();
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

}
