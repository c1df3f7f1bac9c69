package io.quiver.support;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;

/**
 * A Quiver node in a process of its own, started from the test class path, so a test can
 * run several nodes on one database, kill one for real ({@code kill -9}, not a graceful
 * shutdown), or hold one to a heap limit of its own.
 */
public final class QuiverNode implements AutoCloseable {

	private final Process process;

	private final int port;

	private final String name;

	private QuiverNode(String name, Process process, int port) {
		this.name = name;
		this.process = process;
		this.port = port;
	}

	public static QuiverNode start(String name, Path log, Map<String, String> properties) {
		return start(name, log, properties, List.of("-Xmx384m"));
	}

	/**
	 * Starts a node with these JVM options (heap size, GC logging, ...) and waits until
	 * it is healthy.
	 */
	public static QuiverNode start(String name, Path log, Map<String, String> properties, List<String> jvmOptions) {
		QuiverNode node = launch(name, log, properties, jvmOptions);
		node.awaitHealthy(log.toFile());
		return node;
	}

	/**
	 * Starts a node and returns at once, while it is still starting (to watch its start
	 * from outside); {@link #awaitHealthy} waits for it.
	 */
	public static QuiverNode launch(String name, Path log, Map<String, String> properties, List<String> jvmOptions) {
		int port = freePort();
		List<String> arguments = new ArrayList<>(properties.size() + 1);
		arguments.add("--server.port=" + port);
		properties.forEach((key, value) -> arguments.add("--" + key + "=" + value));
		try {
			return new QuiverNode(name, process(log, arguments, jvmOptions).start(), port);
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot start node " + name, ex);
		}
	}

	/**
	 * Runs {@code QuiverApplication.main} with these arguments, as {@code java -jar
	 * quiver.jar ...} would (an admin command, or a start that is refused), to its end;
	 * answers the exit code, with the process's output in {@code log}.
	 */
	public static int run(Path log, List<String> arguments) {
		try {
			Process process = process(log, arguments, List.of("-Xmx256m")).start();
			if (!process.waitFor(4, TimeUnit.MINUTES)) {
				process.destroyForcibly();
				throw new IllegalStateException("still running after 4 minutes; see " + log);
			}
			return process.exitValue();
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot run Quiver", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static ProcessBuilder process(Path log, List<String> arguments, List<String> jvmOptions) {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(jvmOptions);
		command.add("-Duser.timezone=UTC");
		command.add("-cp");
		command.add(System.getProperty("java.class.path"));
		command.add("io.quiver.QuiverApplication");
		command.add("--spring.main.banner-mode=off");
		command.addAll(arguments);
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		builder.environment().put("AXONIQ_UPDATE_CHECKER_DISABLED", "true");
		return builder;
	}

	public String baseUrl() {
		return "http://localhost:" + this.port;
	}

	/** Kills the process outright, as a crash would (SIGKILL). */
	public void kill() {
		this.process.destroyForcibly();
		try {
			this.process.waitFor(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	public boolean alive() {
		return this.process.isAlive();
	}

	/**
	 * Asks the process to stop, as an orchestrator does (SIGTERM), and returns at once.
	 */
	public void terminate() {
		this.process.destroy();
	}

	/** Waits for the process to end and answers its exit code. */
	public int awaitExit(Duration timeout) {
		try {
			if (!this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				throw new IllegalStateException("node " + this.name + " still running after " + timeout);
			}
			return this.process.exitValue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public void close() {
		if (this.process.isAlive()) {
			this.process.destroy();
			try {
				if (!this.process.waitFor(20, TimeUnit.SECONDS)) {
					this.process.destroyForcibly();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/** Waits until the node answers its health endpoint with 200. */
	public void awaitHealthy(File log) {
		HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
		Awaitility.await("node " + this.name + " healthy (log: " + log + ")")
			.atMost(Duration.ofMinutes(4))
			.pollInterval(Duration.ofMillis(250))
			.until(() -> {
				if (!this.process.isAlive()) {
					throw new IllegalStateException("node " + this.name + " exited during start-up; see " + log);
				}
				try {
					return http
						.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/actuator/health")).GET().build(),
								HttpResponse.BodyHandlers.discarding())
						.statusCode() == 200;
				}
				catch (IOException ex) {
					return false;
				}
			});
	}

	/**
	 * The status a GET of this path answers, 0 when the node does not accept the
	 * connection.
	 */
	public int status(String path) {
		try {
			return HttpClient.newBuilder()
				.connectTimeout(Duration.ofSeconds(2))
				.build()
				.send(HttpRequest.newBuilder(URI.create(baseUrl() + path)).timeout(Duration.ofSeconds(5)).build(),
						HttpResponse.BodyHandlers.discarding())
				.statusCode();
		}
		catch (IOException ex) {
			return 0;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return 0;
		}
	}

	/**
	 * The REST API as {@code admin} of the development issuer's {@code demo} organisation
	 * (a node started with {@code quiver.dev-issuer.enabled}).
	 */
	public Rest devAdmin() {
		JsonNode token = new Rest(baseUrl(), null)
			.post("/dev/token",
					Map.of("sub", "admin", "org", "demo", "scope", "mcp:read mcp:write mcp:destructive mcp:tools"))
			.json();
		return new Rest(baseUrl(), token.path("access_token").asText());
	}

	/** A free port on this machine. */
	public static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
