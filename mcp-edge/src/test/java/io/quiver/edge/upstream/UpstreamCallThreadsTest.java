package io.quiver.edge.upstream;

import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import io.quiver.QuiverApplication;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Upstream calls do not start a thread each on a machine of two cores (issue 18): there
 * the common fork-join pool has parallelism 1, {@code CompletableFuture}'s default
 * executor becomes one thread per task, and the JDK HTTP client hands every response of
 * {@code sendAsync} to it. {@link QuiverApplication#pooledAsyncTasks()}, run first by
 * {@code main}, raises the parallelism. Each case runs real calls through
 * {@link OutboundHttp} to a local server in a JVM of its own that sees two processors,
 * and counts the threads started during the calls.
 */
class UpstreamCallThreadsTest {

	private static final int CALLS = 40;

	@Test
	void callsRunInPooledThreadsWithTheSettingOfMain() throws Exception {
		assertThat(threadsStartedByCalls(true)).isLessThan(CALLS / 4);
	}

	@Test
	void withoutItEveryCallStartsAThread() throws Exception {
		// the reason for the setting: shows the probe sees the per-call threads it guards
		// against
		assertThat(threadsStartedByCalls(false)).isGreaterThanOrEqualTo(CALLS);
	}

	private static long threadsStartedByCalls(boolean pooled) throws Exception {
		List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-XX:ActiveProcessorCount=2", "-cp", System.getProperty("java.class.path"), Probe.class.getName(),
				Boolean.toString(pooled));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as(output).isZero();
		String last = output.lines().reduce((first, second) -> second).orElse("");
		assertThat(last).as(output).startsWith("started ");
		return Long.parseLong(last.substring("started ".length()));
	}

	/** The JVM of one case: main's setting (or not), then the calls. */
	static final class Probe {

		public static void main(String[] args) throws Exception {
			if (Boolean.parseBoolean(args[0])) {
				QuiverApplication.pooledAsyncTasks();
			}
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			server.createContext("/", (exchange) -> {
				byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
				exchange.sendResponseHeaders(200, body.length);
				exchange.getResponseBody().write(body);
				exchange.close();
			});
			server.start();
			OutboundHttp http = new OutboundHttp();
			HttpRequest request = HttpRequest
				.newBuilder(URI.create("http://127.0.0.1:" + server.getAddress().getPort()))
				.GET()
				.build();
			// the first calls start the client's own pool and the common pool's workers
			for (int i = 0; i < 5; i++) {
				http.send(request, 1024, Deadline.in(10_000), "probe");
			}
			long before = ManagementFactory.getThreadMXBean().getTotalStartedThreadCount();
			for (int i = 0; i < CALLS; i++) {
				http.send(request, 1024, Deadline.in(10_000), "probe");
			}
			long started = ManagementFactory.getThreadMXBean().getTotalStartedThreadCount() - before;
			server.stop(0);
			System.out.println("started " + started);
			System.exit(0);
		}

	}

}
