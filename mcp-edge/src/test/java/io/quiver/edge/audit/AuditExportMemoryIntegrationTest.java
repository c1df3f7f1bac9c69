package io.quiver.edge.audit;

import java.io.BufferedReader;
import java.io.IOException;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.quiver.query.audit.api.AuditWriter;
import io.quiver.query.audit.api.ToolCallRecord;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.QuiverNode;
import io.quiver.support.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The export of 100,000 trail entries streams with bounded memory (SPEC R10.5), and the
 * cost of writing an entry is measured (R10.6); the figures are printed as
 * {@code AUDIT-BENCH} lines and recorded in {@code docs/BENCHMARKS.md}.
 * <p>
 * The entries are appended through the application's trail (group commit), one caller at
 * a time and then {@value #CALLERS} at once. A second node, started on the same database
 * with a heap of {@value #HEAP_MB} MB (smaller than the export itself), then serves
 * {@code GET /api/v1/audit/export} as JSON lines and as CSV; the test reads both streams
 * line by line, holding nothing, and checks that every entry came through in order. An
 * export buffered in memory could not fit in that heap.
 */
@EnabledIfEnvironmentVariable(named = TestDatabase.POSTGRES_URL, matches = ".+")
class AuditExportMemoryIntegrationTest extends QuiverIntegrationTest {

	static final int ENTRIES = 100_000;

	static final int ONE_BY_ONE = 4_000;

	static final int CALLERS = 32;

	static final int HEAP_MB = 56;

	private static final Pattern GC = Pattern.compile("(\\d+)M->(\\d+)M\\((\\d+)M\\)");

	@Autowired
	AuditWriter trail;

	@Test
	void exportingAHundredThousandEntriesStreamsWithinASmallHeap() throws Exception {
		String org = this.organizations.create("export");
		writeEntries(org);

		Path dir = Files.createTempDirectory("quiver-export-node");
		Path gcLog = dir.resolve("gc.log");
		Map<String, String> properties = Map.of("spring.datasource.url", TestDatabase.postgresUrl(),
				"spring.flyway.schemas", TestDatabase.schema(), "quiver.vault.key", TestDatabase.vaultKey(),
				"quiver.data-dir", TestDatabase.dataDir().toString(), "quiver.dev-issuer.enabled", "true",
				"quiver.public-url", "http://localhost");
		try (QuiverNode node = QuiverNode.start("export", dir.resolve("node.log"), properties,
				List.of("-Xmx" + HEAP_MB + "m", "-Xlog:gc:file=" + gcLog))) {
			String token = this.organizations.token(org, "owner");
			for (String format : List.of("jsonl", "csv")) {
				int gcLinesBefore = Files.readAllLines(gcLog).size();
				long started = System.nanoTime();
				Streamed streamed = stream(node.baseUrl() + "/api/v1/audit/export?format=" + format, token);
				long millis = (System.nanoTime() - started) / 1_000_000;
				boolean csv = format.equals("csv");
				assertThat(streamed.lines()).as(format).isEqualTo(ENTRIES + (csv ? 1 : 0));
				assertThat(streamed.first()).as(format).startsWith(csv ? "seq,entryId," : "{\"");
				assertThat(streamed.first()).as(format).contains(csv ? "argumentCount" : ",\"seq\":1,");
				assertThat(streamed.last()).as(format).matches(csv ? ENTRIES + ",.*" : ".*,\"seq\":" + ENTRIES + ",.*");
				assertThat(node.alive()).isTrue();
				Heap heap = heap(Files.readAllLines(gcLog), gcLinesBefore);
				System.out.printf(
						"AUDIT-BENCH export %s: %d entries, %.1f MB streamed in %d ms (%.1f MB/s); heap cap %d MB; "
								+ "heap in use after the last collection before the export %d MB; during the export "
								+ "(%d collections) at most %d MB in use, at most %d MB in use after a collection%n",
						format, ENTRIES, streamed.bytes() / 1e6, millis, streamed.bytes() / 1e3 / millis, HEAP_MB,
						heap.liveBeforeMb(), heap.collections(), heap.peakMb(), heap.peakLiveMb());
				if (!csv) {
					assertThat(streamed.bytes()).as("the export is larger than the node's whole heap")
						.isGreaterThan(HEAP_MB * 1024L * 1024L);
				}
			}
		}
		assertThat(rest(org, "owner").get("/api/v1/audit/verify").json().path("entries").asLong()).isEqualTo(ENTRIES);
	}

	/**
	 * Appends {@value #ONE_BY_ONE} entries one at a time, each awaited as a call awaits
	 * its own, then the rest from {@value #CALLERS} concurrent callers; prints the cost
	 * of each.
	 */
	private void writeEntries(String org) throws Exception {
		long started = System.nanoTime();
		for (int i = 0; i < ONE_BY_ONE; i++) {
			this.trail.append(record(org, i)).get(30, TimeUnit.SECONDS);
		}
		long alone = System.nanoTime() - started;
		int each = (ENTRIES - ONE_BY_ONE) / CALLERS;
		ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
		started = System.nanoTime();
		try {
			List<Future<?>> done = new ArrayList<>();
			for (int caller = 0; caller < CALLERS; caller++) {
				int first = ONE_BY_ONE + caller * each;
				done.add(callers.submit(() -> {
					for (int i = first; i < first + each; i++) {
						this.trail.append(record(org, i)).get(30, TimeUnit.SECONDS);
					}
					return null;
				}));
			}
			for (Future<?> future : done) {
				future.get(10, TimeUnit.MINUTES);
			}
		}
		finally {
			callers.shutdown();
		}
		long together = System.nanoTime() - started;
		int concurrent = each * CALLERS;
		assertThat(ONE_BY_ONE + concurrent).isEqualTo(ENTRIES);
		System.out.printf("AUDIT-BENCH write one caller: %d entries, %.0f µs per call (latency)%n", ONE_BY_ONE,
				alone / 1e3 / ONE_BY_ONE);
		System.out.printf(
				"AUDIT-BENCH write %d callers: %d entries in %d ms, %.0f entries/s, %.0f µs of wall time per call, "
						+ "%.0f µs latency per call%n",
				CALLERS, concurrent, together / 1_000_000, concurrent / (together / 1e9), together / 1e3 / concurrent,
				together / 1e3 / each);
	}

	private static ToolCallRecord record(String org, int i) {
		boolean denied = i % 10 == 9;
		return new ToolCallRecord(Instant.now(), org, "m-export-" + (i % 50), "member-" + (i % 50),
				"notion-legal__search_pages", i % 3 == 0, "notion-legal__search_pages", "notion.search_pages",
				denied ? null : "c-2b1f8d3e-5a71-4c0e-9d42-7f3a1e6b9c05", denied ? null : "notion-legal", "read",
				denied ? "restriction" : null, denied ? "denied" : "allowed", denied ? "denied" : "success",
				denied ? "restriction-denied" : null, List.of("query", "limit", "filter"), 3, 48_213 + i % 1000, null);
	}

	/** Reads a streamed answer line by line, keeping only counts and the ends. */
	private static Streamed stream(String url, String token) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create(url))
			.timeout(Duration.ofMinutes(10))
			.header("Authorization", "Bearer " + token)
			.GET()
			.build();
		HttpResponse<InputStream> response = HttpClient.newHttpClient()
			.send(request, HttpResponse.BodyHandlers.ofInputStream());
		assertThat(response.statusCode()).isEqualTo(200);
		long lines = 0;
		long bytes = 0;
		String first = null;
		String last = null;
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				if (first == null) {
					first = line;
				}
				last = line;
				lines++;
				bytes += line.getBytes(StandardCharsets.UTF_8).length + 1;
			}
		}
		return new Streamed(lines, bytes, first, last);
	}

	/**
	 * Heap use at the collections logged from a line on (the export), and the heap in use
	 * after the last collection before it.
	 */
	private static Heap heap(List<String> gcLog, int from) {
		long liveBefore = 0;
		for (String line : gcLog.subList(0, from)) {
			Matcher matcher = GC.matcher(line);
			if (matcher.find()) {
				liveBefore = Long.parseLong(matcher.group(2));
			}
		}
		long peak = 0;
		long peakLive = 0;
		int collections = 0;
		for (String line : gcLog.subList(from, gcLog.size())) {
			Matcher matcher = GC.matcher(line);
			if (matcher.find()) {
				collections++;
				peak = Math.max(peak, Long.parseLong(matcher.group(1)));
				peakLive = Math.max(peakLive, Long.parseLong(matcher.group(2)));
			}
		}
		return new Heap(liveBefore, collections, peak, peakLive);
	}

	/** What came through a stream. */
	record Streamed(long lines, long bytes, String first, String last) {
	}

	/** Heap use seen at the collections, in MB. */
	record Heap(long liveBeforeMb, int collections, long peakMb, long peakLiveMb) {
	}

}
