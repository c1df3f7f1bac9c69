package io.quiver.benchmarks.system;

import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.benchmarks.Markdown;

/**
 * The system benchmarks of issue 7, one run against the packaged Quiver on PostgreSQL:
 * gateway overhead, throughput, control-plane writes and freshness, a PostgreSQL restart,
 * replay, and context size. It makes a fresh schema, starts an upstream MCP server and
 * two Quiver nodes, measures, rewrites the {@value #HEADING} section of
 * {@code docs/BENCHMARKS.md}, and removes what it made. Driven by
 * {@code benchmarks/run.sh}, which documents the options.
 */
public final class SystemBenchmark {

	static final String HEADING = "## System benchmarks";

	private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}";

	/** The name of the baseline node's rows ({@code --baseline-jar}). */
	private static final String BASELINE = " (baseline)";

	private static final String QUIVER_TOOL = "bench__" + InstantMcpServer.TOOL;

	private static final String QUIVER_WRITE_TOOL = "bench__" + InstantMcpServer.WRITE_TOOL;

	private final Options options;

	private final BenchSchema schema;

	private final long started = System.nanoTime();

	private final StringBuilder doc = new StringBuilder();

	private final List<AutoCloseable> resources = new ArrayList<>();

	private InstantMcpServer upstream;

	private QuiverProcess nodeA;

	private QuiverProcess nodeB;

	private Map<String, String> properties;

	private SystemBenchmark(Options options) {
		this.options = options;
		this.schema = new BenchSchema(options.pgUrl, "bench_");
	}

	public static void main(String[] args) throws Exception {
		SystemBenchmark benchmark = new SystemBenchmark(Options.parse(args));
		Thread cleanUp = new Thread(benchmark::cleanUp, "clean-up");
		Runtime.getRuntime().addShutdownHook(cleanUp);
		try {
			benchmark.run();
		}
		finally {
			benchmark.cleanUp();
			Runtime.getRuntime().removeShutdownHook(cleanUp);
		}
		System.exit(0);
	}

	private void run() throws Exception {
		Files.createDirectories(this.options.work);
		header();
		setUp();
		Organisation org = new Organisation(this.nodeA, this.upstream);
		org.create();
		if (this.options.runs("context")) {
			contextSize(org);
		}
		if (this.options.runs("overhead")) {
			gatewayOverhead();
		}
		if (this.options.runs("throughput")) {
			throughput(org);
		}
		if (this.options.runs("writes")) {
			writesAndFreshness(org);
		}
		if (this.options.runs("restart")) {
			if (this.options.pgRestart.isBlank()) {
				progress("PostgreSQL restart: skipped (--pg-restart '')");
				this.doc
					.append("### PostgreSQL restart under load\n\nNot measured in this run (`--pg-restart ''`).\n\n");
			}
			else {
				postgresRestart();
			}
		}
		if (this.options.runs("replay") || this.options.runs("asof")) {
			replay(org);
		}
		if (this.options.steps.containsAll(Options.STEPS)) {
			this.doc.append("Total time of the run: ").append(elapsed()).append(".\n");
			Markdown.replaceSection(this.options.doc, HEADING, this.doc.toString());
			progress("wrote the %s section of %s", HEADING, this.options.doc);
			return;
		}
		// part of the suite: replace only the subsections measured, each saying when and
		// how
		String stamp = "_Measured alone (`--steps " + String.join(",", this.options.steps) + "`"
				+ (this.options.quick ? ", `--quick`" : "") + "). " + Markdown.machine() + "_\n\n";
		String measured = this.doc.substring(this.doc.indexOf("### "));
		for (String subsection : measured.split("(?m)^(?=### )")) {
			int titleEnd = subsection.indexOf('\n');
			String title = subsection.substring(0, titleEnd);
			Markdown.replaceSubsection(this.options.doc, HEADING, title,
					stamp + subsection.substring(titleEnd).strip());
			progress("wrote the %s subsection of %s", title, this.options.doc);
		}
	}

	private void header() throws SQLException {
		String postgres;
		try (Connection connection = DriverManager.getConnection(this.options.pgUrl);
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SHOW server_version")) {
			result.next();
			postgres = result.getString(1);
		}
		this.doc.append("Generated by `benchmarks/run.sh")
			.append(this.options.quick ? " --quick" : "")
			.append("`: the packaged Quiver (`mcp-edge/target/quiver.jar`, ")
			.append("`-Xmx1g`, default settings) on PostgreSQL ")
			.append(postgres)
			.append(" in a fresh schema, every process on this one machine and talking over loopback. ")
			.append("The harness is `benchmarks/src/main/java/io/quiver/benchmarks/system/`; wrk ")
			.append(wrkVersion())
			.append(" drives the throughput runs. Figures are compared with their peer of the same run; ")
			.append("absolute times only give an idea of the scale. The load generator, the upstream and the ")
			.append("nodes share the machine's cores.\n\n")
			.append(Markdown.machine())
			.append(" Mode: ")
			.append(this.options.quick ? "`--quick` (short runs, fewer events)" : "full")
			.append(".\n\n");
		if (!this.options.note.isBlank()) {
			this.doc.append("**").append(this.options.note).append("**\n\n");
		}
	}

	private void setUp() throws Exception {
		progress("schema %s on %s", this.schema.name(), this.options.pgUrl.replaceAll("\\?.*", ""));
		this.schema.create();
		this.upstream = InstantMcpServer.start();
		this.resources.add(this.upstream);
		progress("upstream MCP server at %s", this.upstream.url());
		this.properties = this.schema.nodeSettings(this.options.work.resolve("data"));
		progress("starting node A (log %s)", this.options.work.resolve("node-a.log"));
		this.nodeA = QuiverProcess.start("A", this.options.jar, this.options.work.resolve("node-a.log"),
				this.options.nodeJvmOptions, this.properties);
		this.resources.add(this.nodeA);
		progress("node A up at %s (pid %d)", this.nodeA.baseUrl(), this.nodeA.pid());
	}

	// e. Context size

	private void contextSize(Organisation org) {
		progress("context size: 1, 5 and 20 connected apps, flat and collapsed");
		this.doc.append("### Context size\n\n")
			.append("What one MEMBER's model reads: the bytes of the whole JSON-RPC answer of `tools/list` ")
			.append("(one page) with the surface flat (collapse threshold 10000) and collapsed (threshold 0, to ")
			.append("collapse even the one-app case; the default is 30), and of a `search_tools` answer (limit ")
			.append("10; mean of three queries: ")
			.append(String.join(", ", Organisation.SEARCHES.stream().map((q) -> "`" + q + "`").toList()))
			.append("). Tokens are estimated as bytes / 4 (JSON with English text; a tokenizer such as ")
			.append("cl100k gives 3.5 to 4.5 bytes per token on such text). The apps are the curated catalog ")
			.append("connectors (")
			.append(String.join(", ", Organisation.CURATED))
			.append(") and then generated OpenAPI apps of three resources, thirty operations each, with ")
			.append("summaries, descriptions and documented parameters (`OpenApiDocs`, the edge's test fixture).\n\n")
			.append("| connected apps | connected tools | flat: tools | flat: bytes | flat: ~tokens | ")
			.append("collapsed: tools | collapsed: bytes | collapsed: ~tokens | collapsed / flat | ")
			.append("`search_tools` answer: bytes | ~tokens |\n")
			.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
		for (int apps : List.of(1, 5, 20)) {
			org.connectApps(apps);
			org.threshold(10_000);
			Api.Response flat = org.context.post("/mcp", LIST).expect(200);
			int flatBytes = flat.bytes();
			int flatTools = flat.json().path("result").path("tools").size();
			int connected = flatTools - Organisation.controlPlaneTools(flat.json());
			org.threshold(0);
			Api.Response collapsed = org.context.post("/mcp", LIST).expect(200);
			int collapsedBytes = collapsed.bytes();
			int collapsedTools = collapsed.json().path("result").path("tools").size();
			long searchBytes = 0;
			for (String query : Organisation.SEARCHES) {
				Api.Response answer = org.context.post("/mcp", Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/call",
						"params", Map.of("name", "search_tools", "arguments", Map.of("query", query))))
					.expect(200);
				if (answer.json().path("result").path("isError").asBoolean(true)) {
					throw new IllegalStateException("search_tools failed: " + answer.body());
				}
				searchBytes += answer.bytes();
			}
			searchBytes /= Organisation.SEARCHES.size();
			this.doc.append(
					String.format(Locale.ROOT, "| %d | %d | %d | %,d | %,d | %d | %,d | %,d | %.1f%% | %,d | %,d |%n",
							apps, connected, flatTools, flatBytes, flatBytes / 4, collapsedTools, collapsedBytes,
							collapsedBytes / 4, 100.0 * collapsedBytes / flatBytes, searchBytes, searchBytes / 4));
			progress("  %d apps: %d tools, flat %,d bytes, collapsed %,d bytes, search %,d bytes", apps, connected,
					flatBytes, collapsedBytes, searchBytes);
		}
		org.threshold(30);
		this.doc.append("\nThe collapsed list does not grow with the connected tools: it is the caller's ")
			.append("control-plane operations plus `search_tools` and `execute_tool`. A `search_tools` row stays ")
			.append("bounded however many accounts back its tool (SPEC R6.7, `ToolResultIntegrationTest`).\n\n");
	}

	/**
	 * Node A by the name "", and with {@code --baseline-jar} the baseline node started
	 * beside it on the same schema, by the name " (baseline)".
	 */
	private Map<String, QuiverProcess> nodesWithBaseline() {
		Map<String, QuiverProcess> nodes = new LinkedHashMap<>();
		nodes.put("", this.nodeA);
		if (this.options.baselineJar != null) {
			progress("starting the baseline node (%s)", this.options.baselineJar);
			QuiverProcess baseline = QuiverProcess.start("baseline", this.options.baselineJar,
					this.options.work.resolve("node-baseline.log"), this.options.nodeJvmOptions, this.properties);
			this.resources.add(baseline);
			nodes.put(BASELINE, baseline);
		}
		return nodes;
	}

	private static void closeBaseline(Map<String, QuiverProcess> nodes) {
		if (nodes.containsKey(BASELINE)) {
			nodes.get(BASELINE).close();
		}
	}

	// a. Gateway overhead

	private void gatewayOverhead() {
		Duration warmUp = this.options.quick ? Duration.ofSeconds(3) : Duration.ofSeconds(5);
		Duration measured = this.options.quick ? Duration.ofSeconds(5) : Duration.ofSeconds(15);
		Api direct = new Api(this.upstream.url().replace("/mcp", ""), null);
		Map<String, QuiverProcess> nodes = nodesWithBaseline();
		try {
			gatewayOverhead(warmUp, measured, direct, nodes);
		}
		finally {
			closeBaseline(nodes);
		}
	}

	/**
	 * The overhead rows; with a baseline node, each row is measured straight to the
	 * upstream once, then through each node in turn.
	 */
	private void gatewayOverhead(Duration warmUp, Duration measured, Api direct, Map<String, QuiverProcess> nodes) {
		String directBody = InstantMcpServer.callBody(InstantMcpServer.TOOL);
		String quiverBody = InstantMcpServer.callBody(QUIVER_TOOL);
		Duration jit = this.options.quick ? Duration.ofSeconds(5) : Duration.ofSeconds(40);
		for (QuiverProcess node : nodes.values()) {
			Api member = Api.as(node.baseUrl(), "bench");
			for (String body : List.of(quiverBody, InstantMcpServer.callBody(QUIVER_WRITE_TOOL))) {
				JsonNode first = member.send("POST", "/mcp", body).expect(200).json();
				if (first.path("result").path("isError").asBoolean(true)) {
					throw new IllegalStateException("the call through Quiver failed: " + first);
				}
			}
			progress("gateway overhead: warming node %s up (%d s, 4 clients)", node.baseUrl(), jit.toSeconds());
			ClosedLoop.run(4, jit, Duration.ZERO,
					(client) -> member.send("POST", "/mcp", quiverBody).body().contains("\"isError\":false"),
					node::cpuMillis);
		}
		this.doc.append("### Gateway overhead\n\n")
			.append("One `tools/call` of a read-only tool of a local upstream MCP server that answers at once ")
			.append("(`InstantMcpServer`, Streamable HTTP, JSON answers), sent straight to that server and ")
			.append("through Quiver as a MEMBER with a bearer token, closed loop (each client sends its next ")
			.append("call when the previous one is answered), JDK HTTP client, HTTP/1.1 kept alive. Through ")
			.append("Quiver the call passes every gate of R7.1, the vault read, the outbound URL check, the ")
			.append("upstream MCP session and one audit append on PostgreSQL. A `write` call (a tool of the ")
			.append("same server annotated neither read-only nor destructive) also has its write-ahead entry ")
			.append("committed before the upstream is called (R10.7): two trail commits. `ping` is answered ")
			.append("by Quiver itself after the caller is resolved, against the upstream's own `ping`. ")
			.append(String.format(Locale.ROOT, "The node is warmed up for %d s first; then each row has %d s of ",
					jit.toSeconds(), warmUp.toSeconds()))
			.append(String.format(Locale.ROOT, "warm-up and %d s measured. ", measured.toSeconds()))
			.append("Quiver CPU is the node process's user and system time over the measured period per call, ")
			.append("from `/proc` (clock ticks of 10 ms): it shows the cost of a call even when other processes ")
			.append("compete for the cores.")
			.append("\n\n| request | clients | direct p50 ms | direct p99 ms | Quiver p50 ms | Quiver p99 ms | ")
			.append("p50 overhead ms | p50 ratio | p99 ratio | direct calls/s | Quiver calls/s | Quiver CPU ms/call | errors |\n")
			.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
		String success = "\"isError\":false";
		ClosedLoop.Result commitBefore = commitTime(warmUp, measured);
		for (int clients : List.of(1, 16, 64)) {
			overheadRow("read `tools/call`", clients, warmUp, measured, direct, directBody, nodes, quiverBody, success);
		}
		for (int clients : List.of(1, 16, 64)) {
			overheadRow("write `tools/call`", clients, warmUp, measured, direct,
					InstantMcpServer.callBody(InstantMcpServer.WRITE_TOOL), nodes,
					InstantMcpServer.callBody(QUIVER_WRITE_TOOL), success);
		}
		for (int clients : List.of(1, 16, 64)) {
			overheadRow("`ping`", clients, warmUp, measured, direct, InstantMcpServer.pingBody(), nodes,
					InstantMcpServer.pingBody(), "\"result\"");
		}
		ClosedLoop.Result commitAfter = commitTime(warmUp, measured);
		this.doc.append("\nOne PostgreSQL commit in the same run (a one-row `INSERT` ")
			.append("committed on its own, one client, JDBC, before the rows and after them): ")
			.append(String.format(Locale.ROOT, "p50 %.2f / p99 %.2f ms before, p50 %.2f / p99 %.2f ms after.%n",
					commitBefore.percentileMillis(50), commitBefore.percentileMillis(99),
					commitAfter.percentileMillis(50), commitAfter.percentileMillis(99)))
			.append("\nGoal (issue 18): read overhead p50 ≤ 0.75 ms plus one commit (p99 ≤ 2 ms plus one), write ")
			.append("≤ 0.75 ms plus two commits, `ping` ≤ 0.5 ms, at 1 client. See *Where the gateway's time goes* ")
			.append("below for the profile.\n\n");
	}

	/**
	 * One-row INSERT commits at one client on the benchmark's schema: the price of one
	 * trail commit.
	 */
	private ClosedLoop.Result commitTime(Duration warmUp, Duration measured) {
		progress("gateway overhead: one-row PostgreSQL commits, 1 client");
		try (Connection connection = DriverManager.getConnection(this.schema.url());
				Statement sql = connection.createStatement()) {
			sql.execute("CREATE TABLE IF NOT EXISTS bench_commit (id BIGSERIAL PRIMARY KEY, note TEXT)");
			ClosedLoop.Result result = ClosedLoop.run(1, warmUp, measured,
					(client) -> sql.executeUpdate("INSERT INTO bench_commit (note) VALUES ('x')") == 1, () -> 0L);
			progress("  commit p50 %.2f ms, p99 %.2f ms", result.percentileMillis(50), result.percentileMillis(99));
			return result;
		}
		catch (SQLException ex) {
			throw new IllegalStateException("could not time PostgreSQL commits", ex);
		}
	}

	private void overheadRow(String request, int clients, Duration warmUp, Duration measured, Api direct,
			String directBody, Map<String, QuiverProcess> nodes, String quiverBody, String success) {
		progress("gateway overhead: %s, %d clients, straight to the upstream", request, clients);
		ClosedLoop.Result straight = ClosedLoop.run(clients, warmUp, measured,
				(client) -> direct.send("POST", "/mcp", directBody).body().contains(success), this.nodeA::cpuMillis);
		nodes.forEach((label, node) -> {
			Api member = Api.as(node.baseUrl(), "bench");
			progress("gateway overhead: %s, %d clients, through Quiver%s", request, clients, label);
			ClosedLoop.Result through = ClosedLoop.run(clients, warmUp, measured,
					(client) -> member.send("POST", "/mcp", quiverBody).body().contains(success), node::cpuMillis);
			double cpuPerCall = through.cpuPerRequest();
			this.doc.append(String.format(Locale.ROOT,
					"| %s%s | %d | %.2f | %.2f | %.2f | %.2f | **%.2f** | %.1f× | %.1f× | %,.0f | %,.0f | %.2f | %d |%n",
					request, label, clients, straight.percentileMillis(50), straight.percentileMillis(99),
					through.percentileMillis(50), through.percentileMillis(99),
					through.percentileMillis(50) - straight.percentileMillis(50),
					through.percentileMillis(50) / straight.percentileMillis(50),
					through.percentileMillis(99) / straight.percentileMillis(99), straight.perSecond(),
					through.perSecond(), cpuPerCall, straight.errors() + through.errors()));
			progress("  direct p50 %.2f ms, Quiver%s p50 %.2f ms, Quiver CPU %.2f ms/call, %d errors%s",
					straight.percentileMillis(50), label, through.percentileMillis(50), cpuPerCall,
					straight.errors() + through.errors(),
					(through.firstError() != null) ? " (first: " + through.firstError() + ")"
							: (straight.firstError() != null) ? " (first: " + straight.firstError() + ")" : "");
		});
	}

	// b. Throughput

	private void throughput(Organisation org) {
		org.connectApps(20);
		org.threshold(30);
		Duration duration = this.options.quick ? Duration.ofSeconds(5) : Duration.ofSeconds(15);
		Duration warmUp = this.options.quick ? Duration.ofSeconds(2) : Duration.ofSeconds(20);
		Duration settle = this.options.quick ? Duration.ofSeconds(1) : Duration.ofSeconds(5);
		int cores = Runtime.getRuntime().availableProcessors();
		Api member = Api.as(this.nodeA.baseUrl(), "context");
		JsonNode list = member.mcp("tools/list", null);
		List<String> names = new ArrayList<>();
		list.path("result").path("tools").forEach((tool) -> names.add(tool.path("name").asText()));
		if (!names.contains("search_tools")) {
			throw new IllegalStateException("the surface of 'context' is not collapsed: " + names);
		}
		String search = Organisation.SEARCHES.get(0);
		JsonNode found = member.mcp("tools/call", Map.of("name", "search_tools", "arguments", Map.of("query", search)));
		if (found.path("result").path("isError").asBoolean(true)) {
			throw new IllegalStateException("search_tools failed: " + found);
		}
		Map<String, String> bodies = new LinkedHashMap<>();
		bodies.put("`tools/list`, collapsed (" + names.size() + " tools)", LIST);
		bodies.put("`search_tools` `" + search + "`", Api.json(Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/call",
				"params", Map.of("name", "search_tools", "arguments", Map.of("query", search)))));
		this.doc.append("### Throughput\n\n")
			.append(String.format(Locale.ROOT, "wrk, 2 threads, 16 connections, %d s per row, each request a ",
					duration.toSeconds()))
			.append("POST of one JSON-RPC body with a MEMBER's bearer token (a Lua script sets body and ")
			.append("headers); the member has the 20 apps of *Context size* connected (")
			.append(names.size())
			.append(" tools listed, collapsed). Per core = requests/s ÷ ")
			.append(cores)
			.append(" cores of the machine, which wrk shares with the node. Every answer is a 200; one of each ")
			.append("was checked before the run. Every node is first warmed up on every request (")
			.append(warmUp.toSeconds())
			.append(" s each), and each row follows ")
			.append(settle.toSeconds())
			.append(" s more of its own request, discarded; rows marked \"(baseline)\" are the `--baseline-jar` node on the same schema, measured in ")
			.append("turn with this build, in two rounds of opposite order.\n\n")
			.append("| request | requests/s | per core | p50 ms | p99 ms | requests | non-2xx | socket errors |\n")
			.append("|---|---|---|---|---|---|---|---|\n");
		Map<String, QuiverProcess> nodes = nodesWithBaseline();
		// with a baseline, two rounds in turn, so that neither node is always measured
		// first
		int rounds = (nodes.size() > 1 && !this.options.quick) ? 2 : 1;
		try {
			// every node warmed on every request before any is measured: a node still
			// compiling steals the cores of the one being measured
			for (Map.Entry<String, QuiverProcess> node : nodes.entrySet()) {
				for (String body : bodies.values()) {
					progress("throughput: warming%s up", node.getKey());
					Wrk.post(this.options.work, node.getValue().baseUrl() + "/mcp", member.token(), body, 2, 16,
							warmUp);
				}
			}
			for (Map.Entry<String, String> body : bodies.entrySet()) {
				for (int round = 0; round < rounds; round++) {
					for (Map.Entry<String, QuiverProcess> node : (round == 0) ? nodes.entrySet()
							: reversed(nodes).entrySet()) {
						progress("throughput: %s%s", body.getKey(), node.getKey());
						String url = node.getValue().baseUrl() + "/mcp";
						// and again before each row, on its own request
						Wrk.post(this.options.work, url, member.token(), body.getValue(), 2, 16, settle);
						Wrk.Result result = Wrk.post(this.options.work, url, member.token(), body.getValue(), 2, 16,
								duration);
						this.doc.append(String.format(Locale.ROOT,
								"| %s%s | %,.0f | %,.0f | %.2f | %.2f | %,d | %d | %d |%n", body.getKey(),
								node.getKey(), result.perSecond(), result.perSecond() / cores, result.p50Millis(),
								result.p99Millis(), result.requests(), result.non2xx(), result.socketErrors()));
						progress("  %,.0f requests/s, p99 %.2f ms", result.perSecond(), result.p99Millis());
					}
				}
			}
		}
		finally {
			closeBaseline(nodes);
		}
		this.doc.append('\n');
	}

	private static <K, V> Map<K, V> reversed(Map<K, V> map) {
		List<Map.Entry<K, V>> entries = new ArrayList<>(map.entrySet());
		Collections.reverse(entries);
		Map<K, V> reversed = new LinkedHashMap<>();
		entries.forEach((entry) -> reversed.put(entry.getKey(), entry.getValue()));
		return reversed;
	}

	// c. Writes and freshness

	private void writesAndFreshness(Organisation org) {
		Duration warmUp = Duration.ofSeconds(2);
		Duration measured = this.options.quick ? Duration.ofSeconds(5) : Duration.ofSeconds(15);
		Api admin = Api.as(this.nodeA.baseUrl(), "admin");
		this.doc.append("### Control-plane writes and freshness\n\n")
			.append("Commands: `POST /api/v1/members` (invite a GUEST, a new subject each time: a member ")
			.append("aggregate, the unique-subject lookup row, the member directory, all in one transaction) ")
			.append(String.format(Locale.ROOT, "by concurrent REST clients, %d s warm-up, %d s measured.",
					warmUp.toSeconds(), measured.toSeconds()))
			.append("\n\n| clients | commands/s | p50 ms | p99 ms | node CPU ms/command | errors |\n")
			.append("|---|---|---|---|---|---|\n");
		AtomicInteger subjects = new AtomicInteger();
		for (int clients : List.of(1, 8)) {
			progress("writes: %d REST clients inviting members", clients);
			ClosedLoop.Result result = ClosedLoop.run(clients, warmUp, measured,
					(client) -> admin
						.post("/api/v1/members", Map.of("subject", "w-" + subjects.incrementAndGet(), "role", "GUEST"))
						.status() == 201,
					this.nodeA::cpuMillis);
			this.doc.append(String.format(Locale.ROOT, "| %d | %,.0f | %.2f | %.2f | %.2f | %d |%n", clients,
					result.perSecond(), result.percentileMillis(50), result.percentileMillis(99),
					result.cpuPerRequest(), result.errors()));
			progress("  %,.0f commands/s", result.perSecond());
		}
		progress("starting node B for freshness across nodes");
		this.nodeB = QuiverProcess.start("B", this.options.jar, this.options.work.resolve("node-b.log"),
				this.options.nodeJvmOptions, this.properties);
		this.resources.add(this.nodeB);
		int rounds = this.options.quick ? 20 : 100;
		String restriction = org.freshnessRestriction();
		Freshness same = freshness(admin, restriction, Api.as(this.nodeA.baseUrl(), "fresh"), rounds);
		Freshness other = freshness(admin, restriction, Api.as(this.nodeB.baseUrl(), "fresh"), rounds);
		this.doc.append("\nFreshness (SPEC R9): a restriction on one member is switched between blocking and ")
			.append("not blocking its tool (`PATCH /api/v1/restrictions/{id}` on node A), ")
			.append(rounds)
			.append(" times; right after the command returns, that member's `tools/list` is sent, to node A ")
			.append("or to node B (a second process on the same database), until it shows the change. The time ")
			.append("is from the command's answer to the first answer that shows the change.\n\n")
			.append("| `tools/list` on | rounds | shown by the first `tools/list` | p50 ms | p99 ms | max ms |\n")
			.append("|---|---|---|---|---|---|\n")
			.append(same.row("the same node"))
			.append(other.row("the second node"))
			.append('\n');
	}

	private Freshness freshness(Api admin, String restriction, Api fresh, int rounds) {
		progress("freshness: %d rounds, tools/list on %s", rounds, fresh.baseUrl);
		long[] nanos = new long[rounds];
		int firstTime = 0;
		for (int round = 0; round < rounds; round++) {
			boolean block = round % 2 == 0;
			admin
				.patch("/api/v1/restrictions/" + restriction,
						Map.of("block", block ? List.of("tool:fresh__" + InstantMcpServer.TOOL) : List.of()))
				.expect(200);
			long returned = System.nanoTime();
			int polls = 0;
			while (true) {
				polls++;
				boolean listed = Api.json(fresh.mcp("tools/list", null)).contains("\"fresh__echo\"");
				if (listed != block) {
					break;
				}
				if (System.nanoTime() - returned > TimeUnit.SECONDS.toNanos(30)) {
					throw new IllegalStateException("the change never showed on " + fresh.baseUrl);
				}
			}
			nanos[round] = System.nanoTime() - returned;
			if (polls == 1) {
				firstTime++;
			}
		}
		java.util.Arrays.sort(nanos);
		return new Freshness(rounds, firstTime, nanos);
	}

	private record Freshness(int rounds, int firstTime, long[] sortedNanos) {

		String row(String where) {
			return String.format(Locale.ROOT, "| %s | %d | %d | %.2f | %.2f | %.2f |%n", where, this.rounds,
					this.firstTime, millis(50), millis(99), this.sortedNanos[this.sortedNanos.length - 1] / 1e6);
		}

		private double millis(double percentile) {
			int index = (int) Math.ceil(percentile / 100 * this.sortedNanos.length) - 1;
			return this.sortedNanos[Math.max(0, index)] / 1e6;
		}

	}

	// f. PostgreSQL restart

	private void postgresRestart() throws Exception {
		Api member = Api.as(this.nodeA.baseUrl(), "bench");
		Api admin = Api.as(this.nodeA.baseUrl(), "admin");
		String body = InstantMcpServer.callBody(QUIVER_TOOL);
		ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
		AtomicBoolean running = new AtomicBoolean(true);
		AtomicInteger subjects = new AtomicInteger();
		ExecutorService load = Executors.newFixedThreadPool(10);
		List<Future<?>> clients = new ArrayList<>();
		long origin = System.nanoTime();
		for (int client = 0; client < 10; client++) {
			boolean command = client >= 8;
			clients.add(load.submit(() -> {
				while (running.get()) {
					long sent = System.nanoTime();
					String outcome;
					String excerpt;
					try {
						Api.Response response = command
								? admin.post("/api/v1/members",
										Map.of("subject", "f-" + subjects.incrementAndGet(), "role", "GUEST"))
								: member.send("POST", "/mcp", body);
						outcome = command ? ((response.status() == 201) ? "ok" : "HTTP " + response.status())
								: mcpOutcome(response);
						excerpt = response.body();
					}
					catch (RuntimeException ex) {
						outcome = (ex.getCause() instanceof HttpTimeoutException) ? "hung (no answer in 30 s)"
								: "connection error";
						excerpt = ex.getMessage();
					}
					excerpt = excerpt.substring(0, Math.min(160, excerpt.length()))
						.replace('`', '\'')
						.replace('|', '/');
					samples.add(new Sample(command, sent - origin, System.nanoTime() - origin, outcome, excerpt));
				}
			}));
		}
		QuiverProcess.pause(3_000);
		progress("PostgreSQL restart under load: %s", this.options.pgRestart);
		long restartStart = System.nanoTime() - origin;
		Process restart = new ProcessBuilder("sh", "-c", this.options.pgRestart).inheritIO().start();
		if (!restart.waitFor(2, TimeUnit.MINUTES) || restart.exitValue() != 0) {
			running.set(false);
			throw new IllegalStateException("the restart command failed: " + this.options.pgRestart);
		}
		long restartEnd = System.nanoTime() - origin;
		QuiverProcess.pause(this.options.quick ? 10_000 : 20_000);
		running.set(false);
		for (Future<?> client : clients) {
			client.get(2, TimeUnit.MINUTES);
		}
		load.shutdown();

		List<Sample> all = new ArrayList<>(samples);
		all.sort((x, y) -> Long.compare(x.sent, y.sent));
		Map<String, Integer> outcomes = new TreeMap<>();
		Map<String, String> examples = new TreeMap<>();
		long firstFailure = -1;
		long lastFailure = -1;
		long longest = 0;
		long longestFailed = 0;
		for (Sample sample : all) {
			String kind = (sample.command ? "REST command: " : "MCP tools/call: ") + sample.outcome;
			outcomes.merge(kind, 1, Integer::sum);
			longest = Math.max(longest, sample.answered - sample.sent);
			if (!sample.outcome.equals("ok")) {
				examples.putIfAbsent(kind, sample.excerpt);
				longestFailed = Math.max(longestFailed, sample.answered - sample.sent);
				lastFailure = Math.max(lastFailure, sample.answered);
				if (firstFailure < 0) {
					firstFailure = sample.sent;
				}
			}
		}
		long recovered = -1;
		for (Sample sample : all) {
			if (sample.outcome.equals("ok") && sample.sent > lastFailure) {
				recovered = sample.answered;
				break;
			}
		}
		boolean afterLoadOk = member.send("POST", "/mcp", body).body().contains("\"isError\":false");
		this.doc.append("### PostgreSQL restart under load\n\n")
			.append("Eight MCP clients call the upstream tool through node A and two REST clients invite ")
			.append("members, closed loop, with a 30 s client timeout; after 3 s `")
			.append(this.options.pgRestart)
			.append("` restarts the database; the load goes on for ")
			.append(this.options.quick ? 10 : 20)
			.append(" s after the restart command returned. Quiver is not restarted. Times are counted from the ")
			.append("start of the restart command. Not an automated test: the test database is shared with the ")
			.append("other test JVMs, so only this run restarts it.\n\n")
			.append(String.format(Locale.ROOT, "- the restart command took %.2f s%n",
					seconds(restartEnd, restartStart)));
		if (firstFailure < 0) {
			this.doc.append("- no request failed\n");
		}
		else {
			this.doc
				.append(String.format(Locale.ROOT,
						"- failed requests: the first sent at %.2f s, the last answered at %.2f s%n",
						seconds(firstFailure, restartStart), seconds(lastFailure, restartStart)))
				.append(String.format(Locale.ROOT,
						"- **recovered at %.2f s**: the first success after which nothing failed was answered then "
								+ "(%.2f s %s the restart command returned)%n",
						seconds(recovered, restartStart), Math.abs(seconds(recovered, restartEnd)),
						(recovered < restartEnd) ? "before" : "after"));
		}
		this.doc
			.append(String.format(Locale.ROOT,
					"- longest request: %.2f s; longest failed request: %.2f s (a hang would be 30 s)%n", longest / 1e9,
					longestFailed / 1e9))
			.append("- a call after the load: ")
			.append(afterLoadOk ? "succeeded" : "FAILED")
			.append("\n\n| outcome | requests | first answer of that kind |\n|---|---|---|\n");
		outcomes.forEach((outcome, count) -> this.doc.append("| ")
			.append(outcome)
			.append(" | ")
			.append(count)
			.append(" | ")
			.append(examples.containsKey(outcome) ? "`" + examples.get(outcome) + "`" : "")
			.append(" |\n"));
		this.doc.append('\n');
		progress("  outcomes %s; recovered %.2f s after the restart command's start", outcomes,
				seconds(recovered, restartStart));
		examples.forEach((kind, excerpt) -> progress("  %s: %s", kind, excerpt));
	}

	private static double seconds(long at, long from) {
		return (at - from) / 1e9;
	}

	private static String mcpOutcome(Api.Response response) {
		if (response.status() != 200) {
			return "HTTP " + response.status();
		}
		JsonNode json = response.json();
		if (json.has("error")) {
			return "JSON-RPC error " + json.path("error").path("code").asInt();
		}
		if (json.path("result").path("isError").asBoolean(false)) {
			String text = json.path("result").path("content").path(0).path("text").asText();
			Matcher code = Pattern.compile("\\b([a-z]+(?:-[a-z]+)+)\\b").matcher(text);
			return "in-band error" + (code.find() ? " (" + code.group(1) + ")" : "");
		}
		return "ok";
	}

	private record Sample(boolean command, long sent, long answered, String outcome, String excerpt) {
	}

	// d. Replay

	private void replay(Organisation org) throws Exception {
		long total = this.options.quick ? 100_000 : 1_000_000;
		long restrictionEvents = this.options.quick ? 10_000 : 100_000;
		String jdbc = this.schema.url();
		EventBulk bulk = new EventBulk(jdbc);
		List<EventBulk.Row> restriction = bulk.events(org.replayRestriction);
		List<EventBulk.Row> member = bulk.events(org.churnMember);
		if (restriction.size() != 3 || member.size() != 3) {
			throw new IllegalStateException("expected created/changed/changed back events, found " + restriction.size()
					+ " and " + member.size());
		}
		QuiverProcess baseline = null;
		if (this.options.baselineJar != null) {
			progress("starting the baseline node (%s)", this.options.baselineJar);
			baseline = QuiverProcess.start("baseline", this.options.baselineJar,
					this.options.work.resolve("node-baseline.log"), this.options.nodeJvmOptions, this.properties);
		}
		long before = bulk.count();
		String setUpAt = Instant.now().toString();
		QuiverProcess.pause(10);
		progress("replay: appending %,d restriction events (copies of real ones) to %,d events", restrictionEvents,
				before);
		long appendStart = System.nanoTime();
		bulk.append(restriction.get(1), restriction.get(2), even(restrictionEvents), this::appended);
		double firstAppend = (System.nanoTime() - appendStart) / 1e9;
		long asOfStore = bulk.count();
		double catchUpMillis = catchUp(this.nodeA);
		String baselineCatchUp = (baseline != null)
				? String.format(Locale.ROOT, " (on the baseline node, asked next: %.0f ms)", catchUp(baseline)) : "";
		String at = Instant.now().plusSeconds(1).toString();
		QuiverProcess.pause(1_100);
		String asOfTable;
		try {
			asOfTable = asOfQuestions(baseline, setUpAt, at);
		}
		finally {
			if (baseline != null) {
				baseline.close();
			}
		}
		this.doc.append("### As-of answers\n\n")
			.append(String
				.format(Locale.ROOT, "%,d restriction events (a restriction's rules changed and changed back, "
						+ "copies of real events, see Replay) appended in %.1f s to the %,d events of the organisation's "
						+ "set-up; the next request on the running node (catching its in-memory policy state up with them) "
						+ "took %.0f ms%s. Then the compliance questions as of an instant after them, from the %,d events "
						+ "of the store. ", even(restrictionEvents), firstAppend, before, catchUpMillis,
						baselineCatchUp, asOfStore))
			.append(asOfTable);
		if (!this.options.runs("replay")) {
			return;
		}
		long rest = total - asOfStore;
		progress("replay: appending %,d more events (restriction changes and member suspensions)", rest);
		appendStart = System.nanoTime();
		bulk.append(restriction.get(1), restriction.get(2), even(rest / 2), this::appended);
		bulk.append(member.get(1), member.get(2), even(rest - rest / 2), this::appended);
		double secondAppend = (System.nanoTime() - appendStart) / 1e9;
		long events = bulk.count();
		progress("replay: %,d events in the store; stopping the nodes and rebuilding every projection", events);
		if (this.nodeB != null) {
			this.nodeB.close();
		}
		this.nodeA.close();
		Rebuild rebuilt = rebuild(this.options.jar, "rebuild.log");
		Rebuild previous = (this.options.baselineJar != null)
				? rebuild(this.options.baselineJar, "rebuild-baseline.log") : null;
		this.doc.append("### Replay\n\n")
			.append("The event store is filled fast with valid events: after the organisation was set up through ")
			.append("the API, a restriction's rules were changed and changed back, and a member suspended and ")
			.append("reinstated; those stored events (payload, metadata, type) are copied with SQL ")
			.append("(`INSERT … SELECT … generate_series`), alternating, onto the same aggregates with the next ")
			.append("sequence numbers and fresh event ids (`EventBulk`), so every handler accepts them as a ")
			.append("history the aggregates could have produced.\n\n")
			.append(String.format(Locale.ROOT, "- %,d restriction events appended first (see As-of answers)%n",
					even(restrictionEvents)))
			.append(String.format(Locale.ROOT, "- %,d more events appended in %.1f s, %,d in the store%n",
					events - asOfStore, secondAppend, events))
			.append("- every projection rebuilt with the nodes stopped: `java -jar quiver.jar --quiver.rebuild=all` ")
			.append("(one read of the store for all projections, each batch of 500 events applied to every ")
			.append("projection in parallel, a transaction per projection and batch, its writes sent as JDBC batches; ")
			.append("*seconds applying* is the time a projection spent in its batches, handlers, writes and commits, ")
			.append("of which the busiest bounds the whole):\n\n")
			.append("| projection | events read | events applied | seconds | seconds applying | events/s |\n")
			.append("|---|---|---|---|---|---|\n")
			.append(rebuilt.rows())
			.append(String.format(Locale.ROOT,
					"%n**Every projection rebuilt from %,d events in %,.1f s: %,d events/s " + "of the store.**%n%n",
					events, rebuilt.millis() / 1000.0, events * 1000 / Math.max(1, rebuilt.millis())));
		if (previous != null) {
			this.doc.append(String.format(Locale.ROOT,
					"The baseline `%s`, on the same events right after: %,.1f s, %,d events/s of the store "
							+ "(this build: %.1f× as fast).%n%n| projection | events read | events applied | seconds | "
							+ "seconds applying | events/s |%n|---|---|---|---|---|---|%n",
					this.options.baselineJar.getFileName(), previous.millis() / 1000.0,
					events * 1000 / Math.max(1, previous.millis()), (double) previous.millis() / rebuilt.millis()))
				.append(previous.rows())
				.append('\n');
		}
		progress("  rebuilt: %,d events in %.1f s", events, rebuilt.millis() / 1000.0);
	}

	/** One rebuild of every projection: its table rows and its wall time. */
	private record Rebuild(String rows, long millis) {
	}

	/**
	 * Rebuilds every projection with a jar; the time is the command's total when it
	 * prints one, or the sum of its projections' (a build that rebuilt them one after the
	 * other).
	 */
	private Rebuild rebuild(Path jar, String log) {
		progress("  rebuilding with %s", jar);
		String output = QuiverProcess.rebuildAll(jar, this.options.work.resolve(log), this.options.nodeJvmOptions,
				this.properties);
		Matcher rebuilt = Pattern
			.compile("Rebuilt (\\S+): (\\d+) events read, (\\d+) applied, in (\\d+) ms \\((\\d+) events/s\\)"
					+ "(?:, (\\d+) ms applying)?")
			.matcher(output);
		StringBuilder rows = new StringBuilder();
		long millis = 0;
		while (rebuilt.find()) {
			String applying = (rebuilt.group(6) != null)
					? String.format(Locale.ROOT, "%,.1f", Long.parseLong(rebuilt.group(6)) / 1000.0) : "–";
			rows.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %,.1f | %s | %,d |%n", rebuilt.group(1),
					Long.parseLong(rebuilt.group(2)), Long.parseLong(rebuilt.group(3)),
					Long.parseLong(rebuilt.group(4)) / 1000.0, applying, Long.parseLong(rebuilt.group(5))));
			millis += Long.parseLong(rebuilt.group(4));
		}
		if (rows.isEmpty()) {
			throw new IllegalStateException("no rebuild figures in " + this.options.work.resolve(log));
		}
		Matcher total = Pattern.compile("Rebuilt \\d+ projections from \\d+ store events in (\\d+) ms").matcher(output);
		return new Rebuild(rows.toString(), total.find() ? Long.parseLong(total.group(1)) : millis);
	}

	/**
	 * The three compliance questions as of an instant after the restriction changes, each
	 * asked {@code rounds} times of node A and, with {@code --baseline-jar}, interleaved
	 * with the same question to a node of that jar on the same database: answers the
	 * table.
	 */
	private String asOfQuestions(QuiverProcess baseline, String from, String at) throws Exception {
		String member = "churn";
		Map<String, String> questions = new LinkedHashMap<>();
		questions.put("effective rules now, no `at` (the live state: what the request itself costs)",
				"/api/v1/compliance/effective?target=role:GUEST");
		questions.put("effective rules (`/api/v1/compliance/effective?target=role:GUEST&at=…`)",
				"/api/v1/compliance/effective?target=role:GUEST&at=" + at);
		questions.put("reachable tools (`/api/v1/compliance/reachable?member=" + member + "&at=…`)",
				"/api/v1/compliance/reachable?member=" + member + "&at=" + at);
		questions.put("diff of two instants (`/api/v1/compliance/diff?member=" + member + "&from=…&to=…`)",
				"/api/v1/compliance/diff?member=" + member + "&from=" + from + "&to=" + at);
		Map<String, QuiverProcess> nodes = new LinkedHashMap<>();
		nodes.put("this build", this.nodeA);
		if (baseline != null) {
			nodes.put("baseline `" + this.options.baselineJar.getFileName() + "`", baseline);
		}
		int rounds = this.options.quick ? 5 : 11;
		Map<String, List<Double>> millis = new LinkedHashMap<>();
		for (int round = 0; round < rounds; round++) {
			for (Map.Entry<String, String> question : questions.entrySet()) {
				for (Map.Entry<String, QuiverProcess> node : nodes.entrySet()) {
					Api api = Api.as(node.getValue().baseUrl(), "admin");
					long start = System.nanoTime();
					api.get(question.getValue()).expect(200);
					millis.computeIfAbsent(question.getKey() + "\t" + node.getKey(), (k) -> new ArrayList<>())
						.add((System.nanoTime() - start) / 1e6);
				}
			}
		}
		StringBuilder table = new StringBuilder(
				String
					.format(Locale.ROOT,
							"%d rounds; in each, every question to each node in turn (same database, same events).%n%n"
									+ "| question | node | p50 ms | min ms | max ms |%n|---|---|---|---|---|%n",
							rounds));
		millis.forEach((key, values) -> {
			List<Double> sorted = values.stream().sorted().toList();
			String[] parts = key.split("\t");
			table.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f | %.1f |%n", parts[0], parts[1],
					sorted.get(sorted.size() / 2), sorted.get(0), sorted.get(sorted.size() - 1)));
			progress("  %s on %s: p50 %.1f ms", parts[0], parts[1], sorted.get(sorted.size() / 2));
		});
		return table.append('\n').toString();
	}

	/** The time of a request that catches the node's policy state up with the store. */
	private static double catchUp(QuiverProcess node) {
		Api admin = Api.as(node.baseUrl(), "admin");
		long start = System.nanoTime();
		admin.mcp("tools/list", null);
		return (System.nanoTime() - start) / 1e6;
	}

	private void appended(long events) {
		progress("  %,d appended", events);
	}

	private static long even(long count) {
		return count - count % 2;
	}

	// plumbing

	private synchronized void cleanUp() {
		for (int i = this.resources.size() - 1; i >= 0; i--) {
			try {
				this.resources.get(i).close();
			}
			catch (Exception ex) {
				System.err.println("clean-up: " + ex);
			}
		}
		this.resources.clear();
		QuiverProcess.closeAll();
		try {
			this.schema.drop();
			progress("dropped schema %s", this.schema.name());
		}
		catch (IllegalStateException ex) {
			System.err.println("clean-up: could not drop schema " + this.schema.name() + ": " + ex.getMessage());
		}
	}

	private String elapsed() {
		long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - this.started);
		return String.format(Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60);
	}

	private void progress(String format, Object... args) {
		System.out.printf("[%s] %s%n", elapsed(), String.format(Locale.ROOT, format, args));
	}

	private static String wrkVersion() {
		try {
			Process process = new ProcessBuilder("wrk", "-v").redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes());
			process.waitFor(10, TimeUnit.SECONDS);
			Matcher version = Pattern.compile("wrk (\\S+)").matcher(output);
			return version.find() ? version.group(1) : "";
		}
		catch (IOException ex) {
			throw new IllegalStateException("wrk is not installed (apt-get install -y wrk)", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** The command line. */
	private record Options(Path jar, Path doc, Path work, String pgUrl, String pgRestart, boolean quick, String note,
			List<String> steps, List<String> nodeJvmOptions, Path baselineJar) {

		static final List<String> STEPS = List.of("context", "overhead", "throughput", "writes", "restart", "asof",
				"replay");

		boolean runs(String step) {
			return this.steps.contains(step);
		}

		static Options parse(String[] args) {
			Map<String, String> values = new LinkedHashMap<>();
			values.put("--jar", "mcp-edge/target/quiver.jar");
			values.put("--doc", "docs/BENCHMARKS.md");
			values.put("--work", "benchmarks/target/system");
			values.put("--pg-url", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres");
			values.put("--pg-restart", "");
			values.put("--note", "");
			values.put("--steps", String.join(",", STEPS));
			values.put("--node-jvm-options", "");
			values.put("--baseline-jar", "");
			boolean quick = false;
			for (int i = 0; i < args.length; i++) {
				if (args[i].equals("--quick")) {
					quick = true;
				}
				else if (args[i].equals("--help")) {
					System.out.println("options (defaults): --quick (off) " + String.join(" ",
							values.entrySet().stream().map((e) -> e.getKey() + " '" + e.getValue() + "'").toList()));
					System.exit(0);
				}
				else if (values.containsKey(args[i]) && i + 1 < args.length) {
					values.put(args[i], args[++i]);
				}
				else {
					throw new IllegalArgumentException("unknown option " + args[i] + "; options: --quick "
							+ String.join(" ", values.keySet().stream().map((key) -> key + " …").toList()));
				}
			}
			List<String> steps = List.of(values.get("--steps").split(","));
			if (!STEPS.containsAll(steps)) {
				throw new IllegalArgumentException("--steps takes some of " + String.join(",", STEPS));
			}
			String jvm = values.get("--node-jvm-options").strip();
			return new Options(Path.of(values.get("--jar")), Path.of(values.get("--doc")),
					Path.of(values.get("--work")), values.get("--pg-url"), values.get("--pg-restart"), quick,
					values.get("--note"), steps, jvm.isEmpty() ? List.of() : List.of(jvm.split("\\s+")),
					values.get("--baseline-jar").isBlank() ? null : Path.of(values.get("--baseline-jar")));
		}

	}

}
