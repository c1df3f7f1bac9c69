package io.quiver.benchmarks.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The packaged Quiver ({@code mcp-edge/target/quiver.jar}) in a process of its own, as
 * {@code TwoNodesIntegrationTest} starts its nodes: a server node, or the rebuild admin
 * command run to its end.
 */
final class QuiverProcess implements AutoCloseable {

	/** Every node started and not yet closed, healthy or not, for the clean-up. */
	private static final Set<QuiverProcess> STARTED = ConcurrentHashMap.newKeySet();

	/** A rebuild under way, for the clean-up. */
	private static final Set<Process> REBUILDING = ConcurrentHashMap.newKeySet();

	private final String name;

	private final Process process;

	private final int port;

	private final Path log;

	private QuiverProcess(String name, Process process, int port, Path log) {
		this.name = name;
		this.process = process;
		this.port = port;
		this.log = log;
	}

	/** Starts a node and waits until it reports healthy. */
	static QuiverProcess start(String name, Path jar, Path log, List<String> jvmOptions,
			Map<String, String> properties) {
		int port = freePort();
		List<String> command = java(jar, jvmOptions, properties);
		command.add("--server.port=" + port);
		QuiverProcess node = new QuiverProcess(name, launch(command, log), port, log);
		STARTED.add(node);
		node.awaitHealthy();
		return node;
	}

	/**
	 * Runs {@code --quiver.rebuild=all} against the database and returns its output once
	 * it has exited.
	 */
	static String rebuildAll(Path jar, Path log, List<String> jvmOptions, Map<String, String> properties) {
		List<String> command = java(jar, jvmOptions, properties);
		command.add("--quiver.rebuild=all");
		Process process = launch(command, log);
		REBUILDING.add(process);
		try {
			if (!process.waitFor(60, TimeUnit.MINUTES) || process.exitValue() != 0) {
				process.destroyForcibly();
				throw new IllegalStateException("the rebuild failed; see " + log);
			}
			return Files.readString(log);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		finally {
			REBUILDING.remove(process);
		}
	}

	String baseUrl() {
		return "http://127.0.0.1:" + this.port;
	}

	long pid() {
		return this.process.pid();
	}

	/**
	 * CPU time the node has used so far, user and system, in milliseconds (Linux: from
	 * {@code /proc}, in clock ticks of 10 ms).
	 */
	long cpuMillis() {
		return this.process.toHandle().info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
	}

	/** Stops every node still running, including one still starting, and a rebuild. */
	static void closeAll() {
		STARTED.forEach(QuiverProcess::close);
		REBUILDING.forEach((process) -> {
			process.destroy();
			try {
				process.waitFor(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
	}

	@Override
	public void close() {
		STARTED.remove(this);
		if (this.process.isAlive()) {
			this.process.destroy();
			try {
				if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
					this.process.destroyForcibly();
					this.process.waitFor(30, TimeUnit.SECONDS);
				}
			}
			catch (InterruptedException ex) {
				this.process.destroyForcibly();
				Thread.currentThread().interrupt();
			}
		}
	}

	private static List<String> java(Path jar, List<String> jvmOptions, Map<String, String> properties) {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-Xmx1g");
		command.addAll(jvmOptions);
		command.add("-Duser.timezone=UTC");
		command.add("-jar");
		command.add(jar.toString());
		command.add("--spring.main.banner-mode=off");
		properties.forEach((key, value) -> command.add("--" + key + "=" + value));
		return command;
	}

	private static Process launch(List<String> command, Path log) {
		try {
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
			builder.environment().put("AXONIQ_UPDATE_CHECKER_DISABLED", "true");
			return builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start " + command, ex);
		}
	}

	private void awaitHealthy() {
		HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
		long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("node " + this.name + " exited during start-up; see " + this.log);
			}
			try {
				int status = http
					.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/actuator/health")).GET().build(),
							HttpResponse.BodyHandlers.discarding())
					.statusCode();
				if (status == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
			pause(250);
		}
		close();
		throw new IllegalStateException("node " + this.name + " not healthy after 5 minutes; see " + this.log);
	}

	static void pause(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
