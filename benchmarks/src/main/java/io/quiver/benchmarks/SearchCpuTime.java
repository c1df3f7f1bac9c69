package io.quiver.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.*;
import io.quiver.query.search.SearchIndex;
import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchRequest;
import io.quiver.query.search.eval.EvalData;

/**
 * Thread CPU time per search, p50 and p90, over the workload of
 * {@link SearchLatencyBenchmark} (the first 124 tuning queries): a figure a loaded
 * machine disturbs less than JMH's wall-clock samples, for comparing a change with the
 * commit before it (docs/BENCHMARKS.md). Run:
 * {@code java -cp benchmarks/target/benchmarks.jar io.quiver.benchmarks.SearchCpuTime 1000 10000 100000}
 */
public final class SearchCpuTime {

	private SearchCpuTime() {
	}

	public static void main(String[] args) {
		ThreadMXBean mx = ManagementFactory.getThreadMXBean();
		for (String n : args) {
			int tools = Integer.parseInt(n);
			EvalData data = EvalData.load();
			Map<String, SearchDocument> documents = SyntheticTools.generate(data.allTools(), tools);
			SearchIndex quiver = new SearchIndex();
			BitSet visible = new BitSet();
			for (Map.Entry<String, SearchDocument> e : documents.entrySet()) {
				quiver.put(e.getKey(), e.getValue());
				visible.set(quiver.ordinal(e.getKey()));
			}
			Set<String> ids = new LinkedHashSet<>(), names = new LinkedHashSet<>();
			for (EvalData.Connector c : data.catalog) {
				ids.add(c.id());
				names.add(c.id());
				names.add(c.label());
			}
			QueryContext context = new QueryContext(SyntheticTools.accounts(documents), ids, names);
			List<String> queries = SyntheticTools.queries(data).subList(0, 124);
			int passes = tools >= 100000 ? 6 : 30;
			long sink = 0;
			for (int p = 0; p < passes; p++)
				for (String q : queries)
					sink += quiver.search(new SearchRequest(q, 10, visible, context)).hits().size();
			long[] cpu = new long[queries.size() * passes];
			int i = 0;
			for (int p = 0; p < passes; p++)
				for (String q : queries) {
					long t0 = mx.getCurrentThreadCpuTime();
					sink += quiver.search(new SearchRequest(q, 10, visible, context)).hits().size();
					cpu[i++] = mx.getCurrentThreadCpuTime() - t0;
				}
			Arrays.sort(cpu);
			System.out.printf("tools %d: cpu p50 %.1f us, p90 %.1f us, mean %.1f us (%d searches) %d%n", tools,
					cpu[cpu.length / 2] / 1e3, cpu[cpu.length * 9 / 10] / 1e3,
					Arrays.stream(cpu).average().orElse(0) / 1e3, cpu.length, sink % 2);
		}
	}

}
