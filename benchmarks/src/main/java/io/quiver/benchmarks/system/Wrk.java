package io.quiver.benchmarks.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Throughput with <a href="https://github.com/wg/wrk">wrk</a>: a Lua script makes every
 * request a POST of one JSON-RPC body with the caller's token; wrk reports requests per
 * second and the latency distribution ({@code --latency}).
 */
final class Wrk {

	private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");

	private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");

	private static final Pattern SOCKET_ERRORS = Pattern
		.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");

	private static final Pattern TOTAL = Pattern.compile("(\\d+) requests in");

	private Wrk() {
	}

	static Result post(Path work, String url, String token, String body, int threads, int connections,
			Duration duration) {
		try {
			Path script = Files.createTempFile(work, "wrk-", ".lua");
			Files.writeString(script, """
					wrk.method = "POST"
					wrk.body = [==[%s]==]
					wrk.headers["Content-Type"] = "application/json"
					wrk.headers["Accept"] = "application/json"
					wrk.headers["Authorization"] = "Bearer %s"
					""".formatted(body, token), StandardCharsets.UTF_8);
			List<String> command = List.of("wrk", "-t" + threads, "-c" + connections, "-d" + duration.toSeconds() + "s",
					"--timeout", "10s", "--latency", "-s", script.toString(), url);
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(duration.toSeconds() + 60, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new IllegalStateException("wrk failed: " + output);
			}
			Files.delete(script);
			return parse(connections, output);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	static Result parse(int connections, String output) {
		Matcher rate = RATE.matcher(output);
		if (!rate.find()) {
			throw new IllegalStateException("no Requests/sec in wrk's output: " + output);
		}
		Matcher non2xx = NON_2XX.matcher(output);
		Matcher socket = SOCKET_ERRORS.matcher(output);
		long socketErrors = 0;
		if (socket.find()) {
			for (int group = 1; group <= 4; group++) {
				socketErrors += Long.parseLong(socket.group(group));
			}
		}
		Matcher total = TOTAL.matcher(output);
		return new Result(connections, Double.parseDouble(rate.group(1)), latency(output, "50%"),
				latency(output, "99%"), total.find() ? Long.parseLong(total.group(1)) : 0,
				non2xx.find() ? Long.parseLong(non2xx.group(1)) : 0, socketErrors, output);
	}

	/** A percentile line of {@code --latency} ("99% 12.34ms"), in milliseconds. */
	private static double latency(String output, String percentile) {
		Matcher line = Pattern
			.compile("^\\s+" + Pattern.quote(percentile) + "\\s+([0-9.]+)(us|ms|s)\\s*$", Pattern.MULTILINE)
			.matcher(output);
		if (!line.find()) {
			throw new IllegalStateException("no " + percentile + " latency in wrk's output: " + output);
		}
		double value = Double.parseDouble(line.group(1));
		return switch (line.group(2)) {
			case "us" -> value / 1000;
			case "s" -> value * 1000;
			default -> value;
		};
	}

	/** What wrk measured. */
	record Result(int connections, double perSecond, double p50Millis, double p99Millis, long requests, long non2xx,
			long socketErrors, String output) {
	}

}
