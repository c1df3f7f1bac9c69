package io.quiver.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A small HTTP API on loopback for end-to-end tests of connected tools: it answers every
 * request with a JSON echo of what it received (method, path, query, auth header present,
 * body) and keeps the requests, so a test can see exactly what Quiver sent upstream.
 */
public final class FakeUpstream implements AutoCloseable {

	private final HttpServer server;

	private final List<Received> received = new CopyOnWriteArrayList<>();

	private volatile String reply;

	private volatile int status = 200;

	private volatile CountDownLatch gate;

	private FakeUpstream(HttpServer server) {
		this.server = server;
	}

	public static FakeUpstream start() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			FakeUpstream upstream = new FakeUpstream(server);
			server.createContext("/", upstream::handle);
			// calls held in flight at once, each on a thread of its own
			server.setExecutor(Executors.newCachedThreadPool());
			server.start();
			return upstream;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Makes every later answer this JSON text instead of the echo. */
	public void reply(String json) {
		reply(200, json);
	}

	/**
	 * Makes every later answer this HTTP status and JSON text (an upstream error, for
	 * example) instead of the echo.
	 */
	public void reply(int status, String json) {
		this.status = status;
		this.reply = json;
	}

	/**
	 * Makes later requests wait, once received, until the answer is released (a call kept
	 * in flight); answers the release.
	 */
	public Runnable hold() {
		CountDownLatch latch = new CountDownLatch(1);
		this.gate = latch;
		return () -> {
			this.gate = null;
			latch.countDown();
		};
	}

	public String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	public List<Received> received() {
		return this.received;
	}

	/**
	 * An OpenAPI 3 document of this API: get_item (GET), create_item (POST), delete_item
	 * (DELETE).
	 */
	public String openApi() {
		return """
				{"openapi":"3.0.3","info":{"title":"Echo","version":"1"},"servers":[{"url":"%s/v1"}],
				 "paths":{
				  "/items/{id}":{
				   "get":{"operationId":"get_item","summary":"Get an item by id","parameters":[
				     {"name":"id","in":"path","required":true,"schema":{"type":"string"}},
				     {"name":"verbose","in":"query","schema":{"type":"boolean"}}],
				     "responses":{"200":{"description":"ok"}}},
				   "delete":{"operationId":"delete_item","summary":"Delete an item","parameters":[
				     {"name":"id","in":"path","required":true,"schema":{"type":"string"}}],
				     "responses":{"204":{"description":"gone"}}}},
				  "/items":{
				   "post":{"operationId":"create_item","summary":"Create an item in a folder",
				     "requestBody":{"content":{"application/json":{"schema":{"type":"object","required":["title"],
				       "properties":{"title":{"type":"string"},"folder_id":{"type":"string"}}}}}},
				     "responses":{"201":{"description":"created"}}}}}}
				""".formatted(baseUrl());
	}

	private void handle(HttpExchange exchange) throws IOException {
		byte[] body;
		try (InputStream in = exchange.getRequestBody()) {
			body = in.readAllBytes();
		}
		String text = new String(body, StandardCharsets.UTF_8);
		Received request = new Received(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
				exchange.getRequestURI().getRawQuery(), exchange.getRequestHeaders().getFirst("Authorization"), text);
		this.received.add(request);
		CountDownLatch held = this.gate;
		if (held != null) {
			try {
				held.await(1, TimeUnit.MINUTES);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		String answer = (this.reply != null) ? this.reply
				: "{\"method\":\"" + request.method() + "\",\"path\":\"" + request.path() + "\",\"query\":"
						+ ((request.query() == null) ? "null" : "\"" + request.query() + "\"") + ",\"authorized\":"
						+ (request.authorization() != null) + "}";
		byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(this.status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	/**
	 * One request the upstream received.
	 */
	public record Received(String method, String path, String query, String authorization, String body) {
	}

}
