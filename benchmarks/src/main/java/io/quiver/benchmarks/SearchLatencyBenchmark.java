package io.quiver.benchmarks;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.quiver.query.search.SearchIndex;
import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchRequest;
import io.quiver.query.search.api.SearchResult;
import io.quiver.query.search.eval.EvalData;
import io.quiver.query.search.eval.LuceneToolIndex;
import org.apache.lucene.search.TopDocs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Latency of one search, Quiver's {@link SearchIndex} against Lucene BM25, over the same
 * synthetic tools (every one visible), cycling through the evaluation queries. Few forks
 * and short iterations keep a full run under ten minutes on two cores.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = { "-Xms2g", "-Xmx2g" })
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SearchLatencyBenchmark {

	@Param({ "1000", "10000", "100000" })
	public int tools;

	/**
	 * How many of the tuning set's queries the workload cycles through, in order; 0 for
	 * all. {@code -p queries=124} replays the workload of the commits before issue 16
	 * added 30 queries, to compare a change with the commit before it.
	 */
	@Param({ "0" })
	public int queries;

	private SearchIndex quiver;

	private BitSet visible;

	private QueryContext context;

	private LuceneToolIndex lucene;

	private Cycle workload;

	@Setup(Level.Trial)
	public void setUp() {
		EvalData data = EvalData.load();
		Map<String, SearchDocument> documents = SyntheticTools.generate(data.allTools(), this.tools);
		this.quiver = new SearchIndex();
		this.visible = new BitSet(documents.size());
		for (Map.Entry<String, SearchDocument> entry : documents.entrySet()) {
			this.quiver.put(entry.getKey(), entry.getValue());
			this.visible.set(this.quiver.ordinal(entry.getKey()));
		}
		this.context = SyntheticTools.context(data, documents);
		this.lucene = new LuceneToolIndex(documents);
		List<String> workload = SyntheticTools.queries(data);
		this.workload = new Cycle(
				workload.subList(0, (this.queries > 0) ? Math.min(this.queries, workload.size()) : workload.size()));
	}

	@TearDown(Level.Trial)
	public void tearDown() {
		this.lucene.close();
	}

	@Benchmark
	public SearchResult quiver() {
		return this.quiver.search(new SearchRequest(this.workload.next(), 10, this.visible, this.context));
	}

	@Benchmark
	public TopDocs luceneBm25() {
		return this.lucene.searchTop(this.workload.next(), 10);
	}

}
