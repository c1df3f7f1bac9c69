package io.quiver.benchmarks.system;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.quiver.benchmarks.Markdown;

/**
 * Open notification streams (SPEC R12.6): the heap one open stream costs a node, and the
 * latency of {@code notifications/tools/list_changed} from the moment the REST command
 * that changed a member's surface returned to the moment the member's client read it,
 * with the command made through the same node as the stream and through the other one,
 * while {@value #STREAMS} streams are open (PostgreSQL, two nodes).
 * <p>
 * {@value #MEMBERS} members share a toolbox; each holds {@value #PER_MEMBER} legacy GET
 * streams on node A. The measured member's restriction is toggled between blocking one of
 * its tools and blocking something it does not have, so every toggle changes its surface
 * and only its surface: every audience of the organisation is listed again, one stream is
 * told.
 * <p>
 * usage: {@code java -cp benchmarks/target/benchmarks.jar
 * io.quiver.benchmarks.system.StreamBenchmark [--jar mcp-edge/target/quiver.jar]
 * [--pg-url URL] [--doc docs/BENCHMARKS.md] [--samples 60]}
 */
public final class StreamBenchmark {

	static final String HEADING = "## Notification streams";

	static final int STREAMS = 1000;

	static final int MEMBERS = 100;

	static final int PER_MEMBER = 10;

	private static final Pattern USED = Pattern.compile("used (\\d+)K");

	private final Path jar;

	private final Path doc;

	private final int samples;

	private final Path work = Path.of("benchmarks/target/streams");

	private final BenchSchema schema;

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(10))
		.executor(Executors.newCachedThreadPool((runnable) -> {
			Thread thread = new Thread(runnable, "stream-client");
			thread.setDaemon(true);
			return thread;
		}))
		.build();

	private final ExecutorService readers = Executors.newCachedThreadPool((runnable) -> {
		Thread thread = new Thread(runnable, "stream-reader");
		thread.setDaemon(true);
		return thread;
	});

	private StreamBenchmark(Path jar, String pgUrl, Path doc, int samples) {
		this.jar = jar;
		this.schema = new BenchSchema(pgUrl, "bench_streams_");
		this.doc = doc;
		this.samples = samples;
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = BenchMain.options(args, "--samples", "60");
		StreamBenchmark benchmark = new StreamBenchmark(Path.of(options.get("--jar")), options.get("--pg-url"),
				Path.of(options.get("--doc")), Integer.parseInt(options.get("--samples")));
		BenchMain.run(benchmark.schema, benchmark::run);
	}

	private void run() throws Exception {
		Files.createDirectories(this.work);
		this.schema.create();
		InstantMcpServer upstream = InstantMcpServer.start();
		Map<String, String> properties = this.schema.nodeSettings(this.work.resolve("data"),
				"quiver.mcp.streams.heartbeat", "25s");
		QuiverProcess nodeA = QuiverProcess.start("A", this.jar, this.work.resolve("node-a.log"), List.of("-Xmx1g"),
				properties);
		QuiverProcess nodeB = QuiverProcess.start("B", this.jar, this.work.resolve("node-b.log"), List.of("-Xmx1g"),
				properties);
		progress("nodes up: A %s, B %s", nodeA.baseUrl(), nodeB.baseUrl());

		Api admin = Api.as(nodeA.baseUrl(), "admin");
		admin.patch("/api/v1/org/settings", Map.of("collapseThreshold", 10_000)).expect(200);
		admin
			.post("/api/v1/catalog", Map.of("id", "instant", "label", "Instant", "kind", "mcp", "url", upstream.url(),
					"allowPrivateNetwork", true))
			.expect(201);
		admin.post("/api/v1/connections", Map.of("connector", "instant", "label", "team")).expect(201);
		admin.post("/api/v1/toolboxes", Map.of("name", "shared")).expect(201);
		admin
			.post("/api/v1/toolboxes/shared/entries",
					Map.of("operation", "instant." + InstantMcpServer.TOOL, "connections", List.of("team")))
			.expect(201);
		admin.post("/api/v1/toolboxes/shared/grants", Map.of("target", "role:MEMBER")).expect(200);
		for (int m = 0; m < MEMBERS; m++) {
			admin.post("/api/v1/members", Map.of("subject", "m" + m, "role", "MEMBER")).expect(201);
		}
		String restriction = admin
			.post("/api/v1/restrictions", Map.of("target", "user:m0", "block", List.of("connector:notion")))
			.expect(201)
			.json()
			.path("restrictionId")
			.asText();

		long before = heapUsedAfterGc(nodeA);
		List<Stream> streams = new ArrayList<>();
		for (int m = 0; m < MEMBERS; m++) {
			String token = Api.as(nodeA.baseUrl(), "m" + m).token();
			for (int s = 0; s < PER_MEMBER; s++) {
				streams.add(open(nodeA.baseUrl(), token));
			}
		}
		long after = heapUsedAfterGc(nodeA);
		progress("%d streams open; heap %d KiB -> %d KiB", streams.size(), before / 1024, after / 1024);
		Stream measured = streams.get(0);

		List<Long> sameNode = toggle(admin, restriction, measured);
		List<Long> otherNode = toggle(Api.as(nodeB.baseUrl(), "admin"), restriction, measured);
		long others = streams.stream().skip(PER_MEMBER).mapToLong((stream) -> stream.notices.size()).sum();

		StringBuilder body = new StringBuilder();
		body.append(
				"Generated by `java -cp benchmarks/target/benchmarks.jar io.quiver.benchmarks.system.StreamBenchmark`")
			.append(" (after `./mvnw -B -Pbenchmarks -pl benchmarks -am package -DskipTests`): two nodes of the packaged Quiver ")
			.append("(`-Xmx1g`) on PostgreSQL in a fresh schema, ")
			.append(MEMBERS)
			.append(" members sharing a toolbox, each holding ")
			.append(PER_MEMBER)
			.append(" legacy GET streams on node A: ")
			.append(streams.size())
			.append(" open streams. The harness is `benchmarks/src/main/java/io/quiver/benchmarks/system/StreamBenchmark.java`.\n\n")
			.append(Markdown.machine())
			.append("\n\n| what | figure |\n|---|---|\n")
			.append("| heap per open stream (node A, used heap after a full GC, before and after opening them) | ")
			.append(String.format(Locale.ROOT, "%.1f KiB", (after - before) / 1024.0 / streams.size()))
			.append(" |\n")
			.append(row("notification latency, command through node A (same node)", sameNode))
			.append(row("notification latency, command through node B (other node)", otherNode))
			.append("| notifications that reached the other members' ")
			.append(streams.size() - PER_MEMBER)
			.append(" streams | ")
			.append(others)
			.append(" |\n\n")
			.append("Latency runs from the moment the `PATCH /api/v1/restrictions/{id}` answer reached the client to the ")
			.append("moment the measured member's stream delivered `notifications/tools/list_changed`; ")
			.append(this.samples)
			.append(" toggles each, every one changing that member's surface. Between them, every audience of the ")
			.append("organisation (")
			.append(MEMBERS)
			.append(") is listed again and its digest compared. Through node B, node A hears of the commit by ")
			.append("PostgreSQL `NOTIFY` (migration V30) and catches up before comparing.\n");
		Markdown.replaceSection(this.doc, HEADING, body.toString());
		progress("wrote %s of %s", HEADING, this.doc);
		streams.forEach(Stream::close);
		upstream.close();
	}

	private List<Long> toggle(Api admin, String restriction, Stream measured) throws InterruptedException {
		List<Long> micros = new ArrayList<>();
		for (int i = 0; i < this.samples; i++) {
			measured.notices.clear();
			List<String> block = (i % 2 == 0) ? List.of("tool:instant." + InstantMcpServer.TOOL)
					: List.of("connector:notion");
			admin.patch("/api/v1/restrictions/" + restriction, Map.of("block", block)).expect(200);
			long returned = System.nanoTime();
			Long heard = measured.notices.poll(30, TimeUnit.SECONDS);
			if (heard == null) {
				throw new IllegalStateException("no tools/list_changed within 30 s");
			}
			micros.add(Math.max(0, heard - returned) / 1000);
			// the other streams of the member heard of it too; drain them
			QuiverProcess.pause(50);
		}
		return micros;
	}

	private static String row(String what, List<Long> micros) {
		List<Long> sorted = micros.stream().sorted().toList();
		long p50 = sorted.get(sorted.size() / 2);
		long p99 = sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(sorted.size() * 0.99) - 1));
		return String.format(Locale.ROOT, "| %s | p50 %.1f ms, p99 %.1f ms (max %.1f ms) |%n", what, p50 / 1000.0,
				p99 / 1000.0, sorted.get(sorted.size() - 1) / 1000.0);
	}

	private Stream open(String baseUrl, String token) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/mcp"))
			.header("Accept", "text/event-stream")
			.header("MCP-Protocol-Version", "2025-11-25")
			.header("Authorization", "Bearer " + token)
			.GET()
			.build();
		HttpResponse<InputStream> response = this.http.send(request, HttpResponse.BodyHandlers.ofInputStream());
		if (response.statusCode() != 200) {
			throw new IllegalStateException("stream refused: " + response.statusCode());
		}
		Stream stream = new Stream(response.body());
		this.readers.execute(stream::read);
		return stream;
	}

	/** Used heap of a node after a full collection, in bytes (jcmd). */
	private static long heapUsedAfterGc(QuiverProcess node) throws Exception {
		jcmd(node, "GC.run");
		String info = jcmd(node, "GC.heap_info");
		Matcher used = USED.matcher(info);
		if (!used.find()) {
			throw new IllegalStateException("no heap figure in: " + info);
		}
		return Long.parseLong(used.group(1)) * 1024;
	}

	private static String jcmd(QuiverProcess node, String command) throws Exception {
		Process jcmd = new ProcessBuilder("jcmd", Long.toString(node.pid()), command).redirectErrorStream(true).start();
		String output = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		jcmd.waitFor(1, TimeUnit.MINUTES);
		return output;
	}

	private static void progress(String format, Object... args) {
		System.out.printf("[streams] " + format + "%n", args);
	}

	/** One open stream: when each list_changed was read. */
	private static final class Stream {

		private final InputStream body;

		private final LinkedBlockingQueue<Long> notices = new LinkedBlockingQueue<>();

		Stream(InputStream body) {
			this.body = body;
		}

		void read() {
			try (BufferedReader lines = new BufferedReader(new InputStreamReader(this.body, StandardCharsets.UTF_8))) {
				String line;
				while ((line = lines.readLine()) != null) {
					if (line.contains("notifications/tools/list_changed")) {
						this.notices.add(System.nanoTime());
					}
				}
			}
			catch (java.io.IOException ex) {
				// closed
			}
		}

		void close() {
			try {
				this.body.close();
			}
			catch (java.io.IOException ex) {
				// closed already
			}
		}

	}

}
