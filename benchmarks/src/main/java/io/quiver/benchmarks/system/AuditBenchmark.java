package io.quiver.benchmarks.system;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.quiver.benchmarks.Markdown;

/**
 * The audit trail's costs that issue 14 asks for, against the packaged Quiver on
 * PostgreSQL in a fresh schema:
 * <ul>
 * <li><b>Write-ahead</b> (SPEC R10.7): {@code tools/call} latency of a connected
 * {@code write} tool (an attempt entry committed before the upstream, an outcome entry
 * after: two trail commits) against a {@code read} tool of the same instant HTTP upstream
 * (one commit after), closed loop at 1 and 32 callers. The difference is what write-ahead
 * costs a call.</li>
 * <li><b>Checkpoints at 1,000,000 entries</b> (R10.11): the time to sign the first
 * checkpoint of a trail of a million entries (one pass over their hashes), an incremental
 * one after 1,000 more, and the sizes of an inclusion and a consistency proof.</li>
 * </ul>
 * It rewrites the {@value #WRITE_AHEAD} and {@value #CHECKPOINTS} sections of
 * {@code docs/BENCHMARKS.md}.
 * <p>
 * usage: {@code java -cp benchmarks/target/benchmarks.jar
 * io.quiver.benchmarks.system.AuditBenchmark [--jar mcp-edge/target/quiver.jar] [--pg-url URL]
 * [--doc docs/BENCHMARKS.md] [--seconds 15] [--entries 1000000]}
 */
public final class AuditBenchmark {

	static final String WRITE_AHEAD = "## Write-ahead cost";

	static final String CHECKPOINTS = "## Audit checkpoints at scale";

	static final String COMMAND = "./mvnw -B -Pbenchmarks -pl mcp-edge,benchmarks -am package -DskipTests && "
			+ "java -cp benchmarks/target/benchmarks.jar io.quiver.benchmarks.system.AuditBenchmark";

	private final Map<String, String> options;

	private final Path work = Path.of("benchmarks/target/audit");

	private final BenchSchema schema;

	private AuditBenchmark(Map<String, String> options) {
		this.options = options;
		this.schema = new BenchSchema(options.get("--pg-url"), "bench_audit_");
	}

	public static void main(String[] args) throws Exception {
		AuditBenchmark benchmark = new AuditBenchmark(
				BenchMain.options(args, "--seconds", "15", "--entries", "1000000"));
		BenchMain.run(benchmark.schema, benchmark::run);
	}

	private void run() throws Exception {
		Files.createDirectories(this.work);
		this.schema.create();
		HttpServer upstream = instantUpstream();
		Map<String, String> properties = this.schema.nodeSettings(this.work.resolve("data"),
				"quiver.audit.checkpoint-interval", "PT24H");
		QuiverProcess node = QuiverProcess.start("audit", Path.of(this.options.get("--jar")),
				this.work.resolve("node.log"), List.of("-Xmx1g"), properties);
		Api admin = Api.as(node.baseUrl(), "admin");
		admin.patch("/api/v1/org/settings", Map.of("collapseThreshold", 10_000)).expect(200);
		admin
			.post("/api/v1/catalog", Map.of("id", "fast", "label", "Fast", "kind", "http", "openapi",
					openApi("http://127.0.0.1:" + upstream.getAddress().getPort()), "allowPrivateNetwork", true))
			.expect(201);
		admin.post("/api/v1/connections", Map.of("connector", "fast", "label", "fast")).expect(201);
		writeAhead(node, admin);
		checkpoints(admin);
		upstream.stop(0);
	}

	private void writeAhead(QuiverProcess node, Api admin) {
		Duration measured = Duration.ofSeconds(Long.parseLong(this.options.get("--seconds")));
		Duration warmUp = Duration.ofSeconds(5);
		String read = call("fast__get_item", Map.of("id", "1"));
		String write = call("fast__create_item", Map.of("title", "t"));
		progress("warming the node up (20 s)");
		ClosedLoop.run(4, Duration.ofSeconds(20), Duration.ZERO,
				(client) -> succeeded(admin, (client % 2 == 0) ? read : write), node::cpuMillis);
		StringBuilder body = new StringBuilder();
		body.append("What write-ahead (SPEC R10.7) costs a call: `tools/call` of a connected `write` tool, whose ")
			.append("attempt entry is committed before the call reaches its upstream and whose outcome entry is ")
			.append("committed before the answer (two trail commits), against a `read` tool of the same upstream ")
			.append("(one entry, committed after the call). The upstream is a local HTTP API that answers at once; ")
			.append("one packaged Quiver node (`-Xmx1g`) on PostgreSQL (`synchronous_commit` and `fsync` on), ")
			.append("closed loop (each caller sends its next call when the previous one is answered), ")
			.append(String.format(Locale.ROOT, "%d s of warm-up and %d s measured per row. ", warmUp.toSeconds(),
					measured.toSeconds()))
			.append("The trail's group commit shares each transaction among the entries queued at that moment, ")
			.append("so under load the second commit is shared too.\n\n")
			.append(Markdown.machine())
			.append(load())
			.append("\n\nCommand: `")
			.append(COMMAND)
			.append("`\n\n")
			.append("The first columns are the write-ahead wait itself, from the node's own histogram of ")
			.append("`quiver_call_stage_seconds{stage=\"write-ahead\"}` over the measured period (the time a ")
			.append("write waits for its attempt entry to commit before it may reach its upstream; quantiles ")
			.append("interpolated within the histogram's buckets, as `histogram_quantile` does), beside the ")
			.append("`trail` stage of the same calls (their outcome entries). The end-to-end columns compare ")
			.append("whole calls and carry the noise of the machine.\n\n")
			.append("| callers | **write-ahead p50 ms** | **write-ahead p99 ms** | outcome entry p50 ms | ")
			.append("outcome entry p99 ms | read call p50 ms | read call p99 ms | write call p50 ms | ")
			.append("write call p99 ms | read calls/s | write calls/s | errors |\n")
			.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
		for (int callers : List.of(1, 32)) {
			progress("%d callers: read", callers);
			ClosedLoop.Result reads = ClosedLoop.run(callers, warmUp, measured, (client) -> succeeded(admin, read),
					node::cpuMillis);
			progress("%d callers: write", callers);
			StageHistogram before = StageHistogram.scrape(node.baseUrl());
			ClosedLoop.Result writes = ClosedLoop.run(callers, warmUp, measured, (client) -> succeeded(admin, write),
					node::cpuMillis);
			StageHistogram waits = StageHistogram.scrape(node.baseUrl()).minus(before);
			body.append(String.format(Locale.ROOT,
					"| %d | **%.2f** | **%.2f** | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %,.0f | %,.0f | %d |%n",
					callers, waits.quantileMillis("write-ahead", 0.5), waits.quantileMillis("write-ahead", 0.99),
					waits.quantileMillis("trail", 0.5), waits.quantileMillis("trail", 0.99), reads.percentileMillis(50),
					reads.percentileMillis(99), writes.percentileMillis(50), writes.percentileMillis(99),
					reads.perSecond(), writes.perSecond(), reads.errors() + writes.errors()));
			progress("  read p50 %.2f ms, write p50 %.2f ms, write-ahead p50 %.2f ms", reads.percentileMillis(50),
					writes.percentileMillis(50), waits.quantileMillis("write-ahead", 0.5));
		}
		Markdown.replaceSection(Path.of(this.options.get("--doc")), WRITE_AHEAD, body.toString());
	}

	/**
	 * A trail of a million entries, written straight into the table (their hashes need
	 * not chain for a checkpoint, which covers the hashes as stored), then checkpoints
	 * and proofs through the REST API as an auditor asks for them.
	 */
	private void checkpoints(Api admin) {
		long entries = Long.parseLong(this.options.get("--entries"));
		long existing = admin.get("/api/v1/audit/verify").expect(200).json().path("entries").asLong();
		progress("writing %,d entries", entries);
		long insertStarted = System.nanoTime();
		append(existing + 1, entries);
		progress("  %.0f s", (System.nanoTime() - insertStarted) / 1e9);

		long half = entries / 2;
		Timed first = Timed.of(() -> admin.get("/api/v1/audit/checkpoints/" + half).expect(200));
		Timed full = Timed.of(() -> admin.get("/api/v1/audit/checkpoints/latest").expect(200));
		Timed again = Timed.of(() -> admin.get("/api/v1/audit/checkpoints/latest").expect(200));
		append(entries + 1, entries + 1000);
		Timed incremental = Timed.of(() -> admin.get("/api/v1/audit/checkpoints/latest").expect(200));
		Timed inclusion = Timed
			.of(() -> admin.get("/api/v1/audit/proofs/inclusion?entry=" + (half + 1) + "&size=" + entries).expect(200));
		Timed consistency = Timed
			.of(() -> admin.get("/api/v1/audit/proofs/consistency?from=" + half + "&to=" + entries).expect(200));
		JsonNode inclusionProof = inclusion.response.json();
		JsonNode consistencyProof = consistency.response.json();

		StringBuilder body = new StringBuilder();
		body.append("Signed checkpoints and Merkle proofs (SPEC R10.11) of an organisation's trail of ")
			.append(String.format(Locale.ROOT, "%,d", entries))
			.append(" entries, asked of one packaged Quiver node through the REST API as an auditor would, on ")
			.append("PostgreSQL. The entries are written straight into the table first (a checkpoint covers the ")
			.append("entries' hashes as stored). A checkpoint reads the hashes its tree has not covered yet, in ")
			.append("order, and keeps the frontier of its tree with it, so the next one reads only the entries ")
			.append("written since; a proof reads the hashes of the range it covers once and holds a few dozen.\n\n")
			.append(Markdown.machine())
			.append(load())
			.append("\n\nCommand: `")
			.append(COMMAND)
			.append("`\n\n| what | time | answer size |\n|---|---|---|\n")
			.append(row("first checkpoint, of the first " + String.format(Locale.ROOT, "%,d", half) + " entries",
					first))
			.append(row("checkpoint of all " + String.format(Locale.ROOT, "%,d", entries)
					+ " entries (extends the one before)", full))
			.append(row("the same checkpoint asked again (kept, not signed again)", again))
			.append(row("checkpoint after 1,000 more entries (incremental)", incremental))
			.append(row("inclusion proof of entry " + String.format(Locale.ROOT, "%,d", half + 1)
					+ " in the checkpoint of " + String.format(Locale.ROOT, "%,d", entries) + " ("
					+ inclusionProof.path("path").size() + " hashes)", inclusion))
			.append(row("consistency proof " + String.format(Locale.ROOT, "%,d", half) + " → "
					+ String.format(Locale.ROOT, "%,d", entries) + " (" + consistencyProof.path("proof").size()
					+ " hashes)", consistency));
		Markdown.replaceSection(Path.of(this.options.get("--doc")), CHECKPOINTS, body.toString());
		progress("checkpoint %.0f ms, incremental %.0f ms, inclusion %d B, consistency %d B", full.millis,
				incremental.millis, inclusion.response.body().length(), consistency.response.body().length());
	}

	/**
	 * The machine's load when the figures were taken: other work competes for the cores.
	 */
	private static String load() {
		try {
			String[] average = Files.readString(Path.of("/proc/loadavg")).split(" ");
			return " Load average (1, 5, 15 min) when measured: " + average[0] + ", " + average[1] + ", " + average[2]
					+ ".";
		}
		catch (IOException ex) {
			return "";
		}
	}

	/**
	 * Entries {@code from} to {@code to} of the demo organisation, and its chain's head.
	 */
	private void append(long from, long to) {
		// each entry's hash is that of its seq, so its previous-hash is that of the seq
		// before, and the first one's the head's: the chain holds, as a checkpoint checks
		this.schema.sql("INSERT INTO " + this.schema.name()
				+ ".tool_call_audit (org_id, seq, entry_id, at, member_id, subject, "
				+ "requested_name, via_execute_tool, decision, outcome, argument_names, argument_count, "
				+ "duration_micros, prev_hash, hash, hash_version) SELECT 'demo', s, 'bench-' || s, now(), 'm-bench', "
				+ "'bench', 'bench__tool', false, 'allowed', 'success', '[]', 0, 1, CASE WHEN s = " + from
				+ " THEN (SELECT last_hash FROM " + this.schema.name() + ".tool_call_audit_head WHERE org_id = 'demo') "
				+ "ELSE encode(sha256(int8send(s - 1)), 'hex') END, encode(sha256(int8send(s)), 'hex'), 2 "
				+ "FROM generate_series(" + from + ", " + to + ") s");
		this.schema.sql("UPDATE " + this.schema.name() + ".tool_call_audit_head SET last_seq = " + to
				+ ", last_hash = encode(sha256(int8send(" + to + "::bigint)), 'hex') WHERE org_id = 'demo'");
	}

	private static String row(String what, Timed timed) {
		return String.format(Locale.ROOT, "| %s | %,.0f ms | %,d bytes |%n", what, timed.millis,
				timed.response.body().getBytes(StandardCharsets.UTF_8).length);
	}

	private static boolean succeeded(Api caller, String body) {
		return caller.send("POST", "/mcp", body).body().contains("\"isError\":false");
	}

	private static String call(String tool, Map<String, Object> arguments) {
		return Api.json(Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/call", "params",
				Map.of("name", tool, "arguments", arguments)));
	}

	/** An HTTP API that answers every request at once with a small JSON object. */
	private static HttpServer instantUpstream() throws IOException {
		// without it a small answer waits for the client's delayed ACK (Nagle), some 40
		// ms
		System.setProperty("sun.net.httpserver.nodelay", "true");
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
		byte[] answer = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
		server.createContext("/", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, answer.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(answer);
			}
		});
		server.setExecutor(Executors.newCachedThreadPool());
		server.start();
		return server;
	}

	private static String openApi(String baseUrl) {
		return """
				{"openapi":"3.0.3","info":{"title":"Fast","version":"1"},"servers":[{"url":"%s"}],
				 "paths":{
				  "/items/{id}":{"get":{"operationId":"get_item","summary":"Get an item","parameters":[
				     {"name":"id","in":"path","required":true,"schema":{"type":"string"}}],
				     "responses":{"200":{"description":"ok"}}}},
				  "/items":{"post":{"operationId":"create_item","summary":"Create an item",
				     "requestBody":{"content":{"application/json":{"schema":{"type":"object","required":["title"],
				       "properties":{"title":{"type":"string"}}}}}},
				     "responses":{"201":{"description":"created"}}}}}}
				""".formatted(baseUrl);
	}

	private static void progress(String format, Object... args) {
		System.out.printf(Locale.ROOT, "[audit] " + format + "%n", args);
	}

	/**
	 * The buckets of {@code quiver_call_stage_seconds} by stage, as the node's Prometheus
	 * endpoint counts them (cumulative counts by upper bound in seconds).
	 */
	private record StageHistogram(Map<String, TreeMap<Double, Double>> buckets) {

		private static final Pattern BUCKET = Pattern
			.compile("^quiver_call_stage_seconds_bucket\\{(.*)\\} ([0-9.eE+-]+)$");

		private static final Pattern LABEL = Pattern.compile("(\\w+)=\"([^\"]*)\"");

		static StageHistogram scrape(String baseUrl) {
			String text;
			try {
				text = HttpClient.newHttpClient()
					.send(HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/prometheus"))
						.header("Accept", "text/plain;version=0.0.4")
						.build(), HttpResponse.BodyHandlers.ofString())
					.body();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
			Map<String, TreeMap<Double, Double>> buckets = new HashMap<>();
			for (String line : text.split("\n")) {
				Matcher bucket = BUCKET.matcher(line);
				if (!bucket.matches()) {
					continue;
				}
				Map<String, String> labels = new HashMap<>();
				Matcher label = LABEL.matcher(bucket.group(1));
				while (label.find()) {
					labels.put(label.group(1), label.group(2));
				}
				double le = labels.get("le").equals("+Inf") ? Double.POSITIVE_INFINITY
						: Double.parseDouble(labels.get("le"));
				buckets.computeIfAbsent(labels.get("stage"), (stage) -> new TreeMap<>())
					.merge(le, Double.parseDouble(bucket.group(2)), Double::sum);
			}
			return new StageHistogram(buckets);
		}

		StageHistogram minus(StageHistogram earlier) {
			Map<String, TreeMap<Double, Double>> delta = new HashMap<>();
			this.buckets.forEach((stage, counts) -> {
				TreeMap<Double, Double> before = earlier.buckets.getOrDefault(stage, new TreeMap<>());
				TreeMap<Double, Double> since = new TreeMap<>();
				counts.forEach((le, count) -> since.put(le, count - before.getOrDefault(le, 0.0)));
				delta.put(stage, since);
			});
			return new StageHistogram(delta);
		}

		/** The quantile in milliseconds, interpolated within its bucket. */
		double quantileMillis(String stage, double quantile) {
			TreeMap<Double, Double> counts = this.buckets.getOrDefault(stage, new TreeMap<>());
			if (counts.isEmpty() || counts.lastEntry().getValue() == 0) {
				return Double.NaN;
			}
			double rank = quantile * counts.lastEntry().getValue();
			double lower = 0;
			double below = 0;
			for (Map.Entry<Double, Double> bucket : counts.entrySet()) {
				if (bucket.getValue() >= rank) {
					if (bucket.getKey().isInfinite()) {
						return lower * 1000;
					}
					double share = (bucket.getValue() == below) ? 0 : (rank - below) / (bucket.getValue() - below);
					return (lower + (bucket.getKey() - lower) * share) * 1000;
				}
				lower = bucket.getKey();
				below = bucket.getValue();
			}
			return lower * 1000;
		}

	}

	/** One request and how long it took. */
	private record Timed(Api.Response response, double millis) {

		static Timed of(java.util.function.Supplier<Api.Response> request) {
			long started = System.nanoTime();
			Api.Response response = request.get();
			return new Timed(response, (System.nanoTime() - started) / 1e6);
		}

	}

}
