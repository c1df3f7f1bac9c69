package io.quiver.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Turns the JSON results of {@link SearchLatencyBenchmark} into the
 * {@code ## Search latency} section of {@code docs/BENCHMARKS.md}.
 * <p>
 * Run: {@value #COMMAND}
 */
public final class LatencyReport {

	static final String COMMAND = "./mvnw -B -Pbenchmarks -pl benchmarks -am package -DskipTests && java -jar benchmarks/target/benchmarks.jar SearchLatency -prof gc -rf json -rff benchmarks/target/jmh.json && java -cp benchmarks/target/benchmarks.jar io.quiver.benchmarks.LatencyReport benchmarks/target/jmh.json docs/BENCHMARKS.md";

	private LatencyReport() {
	}

	public static void main(String[] args) throws IOException {
		JsonNode results = new ObjectMapper().readTree(Path.of(args[0]).toFile());
		StringBuilder out = new StringBuilder();
		out.append("One search (limit 10) over N synthetic tools, all visible to the caller, made from the real ")
			.append("evaluation tools repeated across fake accounts and applications (`SyntheticTools`); the ")
			.append("workload cycles through the 124 evaluation queries, so it mixes tool names, short intents, ")
			.append("long requests and must-be-empty queries. Lucene BM25 indexes the same three fields, tokenized ")
			.append("alike, in memory, force-merged to one segment; its time includes parsing the query, as ")
			.append("Quiver's does. JMH 1.37, sample time mode, ")
			.append(runShape(results.get(0)))
			.append(" (few, to stay short on two shared cores: read the error columns), `-prof gc`.\n\n");
		out.append(Markdown.machine())
			.append("\n\nCommand: `benchmarks/run.sh`; alone: `")
			.append(COMMAND)
			.append("`\n\n");
		out.append("| engine | visible tools | mean µs | ± error | p50 µs | p90 µs | p99 µs | allocated bytes/op |\n");
		out.append("|---|---|---|---|---|---|---|---|\n");
		for (JsonNode result : results) {
			String engine = result.get("benchmark").asText().endsWith(".quiver") ? "Quiver" : "Lucene BM25";
			JsonNode primary = result.get("primaryMetric");
			JsonNode percentiles = primary.get("scorePercentiles");
			out.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f | %.1f | %.1f | %.1f | %s |%n", engine,
					result.get("params").get("tools").asText(), primary.get("score").asDouble(),
					primary.get("scoreError").asDouble(), percentiles.get("50.0").asDouble(),
					percentiles.get("90.0").asDouble(), percentiles.get("99.0").asDouble(), allocation(result)));
		}
		String report = out.toString();
		System.out.println(report);
		if (args.length > 1) {
			Markdown.replaceSection(Path.of(args[1]), "## Search latency", report);
		}
	}

	/** Forks, warm-up and measured iterations as run ({@code --quick} shortens them). */
	private static String runShape(JsonNode result) {
		return String.format(Locale.ROOT, "%d fork, %d warm-up iterations of %s and %d measured iterations of %s",
				result.path("forks").asInt(), result.path("warmupIterations").asInt(),
				result.path("warmupTime").asText(), result.path("measurementIterations").asInt(),
				result.path("measurementTime").asText());
	}

	private static String allocation(JsonNode result) {
		JsonNode secondary = result.get("secondaryMetrics");
		if (secondary == null) {
			return "n/a (run with -prof gc)";
		}
		for (Iterator<Map.Entry<String, JsonNode>> it = secondary.fields(); it.hasNext();) {
			Map.Entry<String, JsonNode> metric = it.next();
			if (metric.getKey().endsWith("gc.alloc.rate.norm")) {
				return String.format(Locale.ROOT, "%.0f", metric.getValue().get("score").asDouble());
			}
		}
		return "n/a";
	}

}
