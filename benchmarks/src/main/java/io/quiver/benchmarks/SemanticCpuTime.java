package io.quiver.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.quiver.query.embedding.MiniLmEncoder;
import io.quiver.query.search.SearchIndex;
import io.quiver.query.search.SentenceVectors;
import io.quiver.query.search.eval.EvalData;
import io.quiver.query.search.eval.SemanticCalibration;
import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchRequest;

/**
 * Thread CPU time of the semantic signal (SPEC R6.15), a figure the loaded shared machine
 * disturbs less than wall-clock samples (inference runs in the calling thread: one
 * intra-op thread): per search of the {@link SemanticLatencyBenchmark} workload, lexical
 * and with the signal (every query encoded, none cached), and their difference per query;
 * the query's encoding alone; one tool's encoding (the index-time cost per tool).
 * <p>
 * Run:
 * {@code java -cp benchmarks/target/benchmarks.jar io.quiver.benchmarks.SemanticCpuTime 1000 10000 100000}
 */
public final class SemanticCpuTime {

	private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

	private SemanticCpuTime() {
	}

	public static void main(String[] args) {
		EvalData data = EvalData.load();
		MiniLmEncoder encoder = MiniLmEncoder.shared();
		List<String> queries = SyntheticTools.queries(data);
		List<String> toolTexts = data.allTools()
			.stream()
			.map((t) -> SemanticCalibration.toolText(t.appLabel(), t.app() + "__" + t.name(), t.description()))
			.toList();
		for (String text : toolTexts.subList(0, 50)) {
			encoder.encode(text);
		}
		long[] tool = new long[toolTexts.size()];
		for (int i = 0; i < tool.length; i++) {
			long t0 = MX.getCurrentThreadCpuTime();
			encoder.encode(toolTexts.get(i));
			tool[i] = MX.getCurrentThreadCpuTime() - t0;
		}
		print("one tool's encoding (" + tool.length + " real tool texts)", tool);
		for (String n : args) {
			int count = Integer.parseInt(n);
			Map<String, SearchDocument> documents = SyntheticTools.generate(data.allTools(), count);
			SemanticLatencyBenchmark.Recycling recycling = new SemanticLatencyBenchmark.Recycling(encoder);
			SearchIndex lexical = new SearchIndex();
			SearchIndex hybrid = new SearchIndex(new SentenceVectors(recycling, documents.size(), 0));
			BitSet visible = new BitSet();
			for (Map.Entry<String, SearchDocument> e : documents.entrySet()) {
				lexical.put(e.getKey(), e.getValue());
				hybrid.put(e.getKey(), e.getValue());
				visible.set(hybrid.ordinal(e.getKey()));
			}
			recycling.indexing = false;
			QueryContext context = SyntheticTools.context(data, documents);
			int passes = 3;
			long[] lex = new long[queries.size() * passes];
			long[] hyb = new long[lex.length];
			long[] added = new long[lex.length];
			long[] encode = new long[lex.length];
			for (int warm = 0; warm < 2; warm++) {
				for (String q : queries) {
					lexical.search(new SearchRequest(q, 10, visible, context));
					hybrid.search(new SearchRequest(q, 10, visible, context));
				}
			}
			int i = 0;
			for (int p = 0; p < passes; p++) {
				for (String q : queries) {
					long t0 = MX.getCurrentThreadCpuTime();
					lexical.search(new SearchRequest(q, 10, visible, context));
					long t1 = MX.getCurrentThreadCpuTime();
					hybrid.search(new SearchRequest(q, 10, visible, context));
					long t2 = MX.getCurrentThreadCpuTime();
					encoder.encode(q);
					long t3 = MX.getCurrentThreadCpuTime();
					lex[i] = t1 - t0;
					hyb[i] = t2 - t1;
					added[i] = hyb[i] - lex[i];
					encode[i] = t3 - t2;
					i++;
				}
			}
			print(count + " tools: lexical search", lex);
			print(count + " tools: search with the signal", hyb);
			print(count + " tools: added per search", added);
			print(count + " tools: the query's encoding alone", encode);
		}
	}

	private static void print(String what, long[] nanos) {
		long[] sorted = nanos.clone();
		Arrays.sort(sorted);
		System.out.printf(Locale.ROOT, "%s: cpu p50 %.1f us, p90 %.1f us, mean %.1f us (%d)%n", what,
				sorted[sorted.length / 2] / 1e3, sorted[sorted.length * 9 / 10] / 1e3,
				Arrays.stream(sorted).average().orElse(0) / 1e3, sorted.length);
	}

}
