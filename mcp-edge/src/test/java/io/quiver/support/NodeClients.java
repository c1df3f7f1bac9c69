package io.quiver.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Real TypeScript SDK clients for the end-to-end tests: {@code @modelcontextprotocol/sdk}
 * (v1, legacy) and {@code @modelcontextprotocol/client} (v2, legacy, {@code auto} or
 * pinned to 2026-07-28), run by Node on {@code clients/list-changed-client.mjs},
 * installed into the npm cache of the tests ({@link NpmCache}, folder {@code clients}).
 */
public final class NodeClients {

	public static final String SDK_V1 = "1.32.2";

	public static final String SDK_V2 = "2.4.0";

	private static final ObjectMapper JSON = new ObjectMapper();

	private NodeClients() {
	}

	/**
	 * Starts a client that connects, lists, searches ({@code search_tools}), executes
	 * ({@code execute_tool}) and then waits for {@code tools/list_changed}.
	 * @param sdk {@code v1} or {@code v2}
	 * @param mode {@code legacy}, {@code auto} or {@code pin} (2026-07-28), for v2
	 */
	public static Run start(String sdk, String mode, String mcpUrl, String token, String query, String tool,
			String argumentsJson) {
		Path dir = NpmCache.install("clients",
				Map.of("@modelcontextprotocol/sdk", SDK_V1, "@modelcontextprotocol/client", SDK_V2));
		try {
			Path script = Path.of(NodeClients.class.getResource("/clients/list-changed-client.mjs").toURI());
			ProcessBuilder builder = new ProcessBuilder("node", script.toString(), sdk, mode, mcpUrl, token, query,
					tool, argumentsJson)
				.redirectError(ProcessBuilder.Redirect.DISCARD);
			builder.environment().put("QUIVER_CLIENTS", dir.toString());
			return new Run(sdk + "/" + mode, builder.start());
		}
		catch (IOException | URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** A running client: its JSON lines as they come. */
	public static final class Run implements AutoCloseable {

		private final String name;

		private final Process process;

		private final BlockingQueue<JsonNode> events = new LinkedBlockingQueue<>();

		private final List<String> seen = new ArrayList<>();

		Run(String name, Process process) {
			this.name = name;
			this.process = process;
			Thread reader = new Thread(() -> {
				try (BufferedReader lines = new BufferedReader(
						new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
					String line;
					while ((line = lines.readLine()) != null) {
						try {
							this.events.add(JSON.readTree(line));
						}
						catch (IOException ex) {
							// not one of the script's lines
						}
					}
				}
				catch (IOException ex) {
					// the process ended
				}
			}, "node-client-" + name);
			reader.setDaemon(true);
			reader.start();
		}

		/** Waits for the next line of this event; fails on the script's error line. */
		public JsonNode await(String event, Duration within) {
			long deadline = System.nanoTime() + within.toNanos();
			try {
				while (true) {
					JsonNode next = this.events.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
					if (next == null) {
						throw new AssertionError(
								this.name + ": no '" + event + "' within " + within + "; saw " + this.seen);
					}
					this.seen.add(next.toString());
					if ("error".equals(next.path("event").asText())) {
						throw new AssertionError(this.name + " failed: " + next.path("message").asText());
					}
					if (event.equals(next.path("event").asText())) {
						return next;
					}
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new AssertionError(ex);
			}
		}

		@Override
		public void close() {
			this.process.destroy();
		}

	}

}
