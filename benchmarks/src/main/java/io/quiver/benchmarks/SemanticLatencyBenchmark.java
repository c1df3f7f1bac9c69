package io.quiver.benchmarks;

import java.util.BitSet;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.quiver.query.search.SearchIndex;
import io.quiver.query.search.SentenceVectors;
import io.quiver.query.search.eval.EvalData;
import io.quiver.query.search.eval.SemanticCalibration;
import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchRequest;
import io.quiver.query.search.api.SearchResult;
import io.quiver.query.search.api.SentenceEncoder;
import io.quiver.query.embedding.MiniLmEncoder;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the semantic signal (SPEC R6.15) adds to one search at one client: the same
 * synthetic tools and workload as {@link SearchLatencyBenchmark}, searched lexically and
 * with the signal on; the query's encoding alone (uncached, as a new query is); and one
 * tool's encoding, the index-time cost per tool.
 * <p>
 * Encoding 100,000 distinct tool texts would take the setup minutes, so the tools'
 * vectors come from the first {@value #DISTINCT} distinct texts, reused in turn after
 * them (the scan over the vectors costs the same whatever they hold); queries are always
 * encoded.
 * <p>
 * Run: {@code java -jar benchmarks/target/benchmarks.jar SemanticLatency -prof gc}
 */
@Fork(value = 1, jvmArgsAppend = { "-Xms2g", "-Xmx2g" })
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 4, time = 2)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class SemanticLatencyBenchmark {

	static final int DISTINCT = 2000;

	@Param({ "1000", "10000", "100000" })
	public int tools;

	private SearchIndex lexical;

	private SearchIndex hybrid;

	private BitSet visible;

	private QueryContext context;

	private MiniLmEncoder encoder;

	private Cycle toolTexts;

	private Cycle workload;

	@Setup(Level.Trial)
	public void setUp() {
		this.encoder = MiniLmEncoder.shared();
		EvalData data = EvalData.load();
		Map<String, SearchDocument> documents = SyntheticTools.generate(data.allTools(), this.tools);
		Recycling recycling = new Recycling(this.encoder);
		this.lexical = new SearchIndex();
		this.hybrid = new SearchIndex(new SentenceVectors(recycling, documents.size(), 0));
		this.visible = new BitSet(documents.size());
		for (Map.Entry<String, SearchDocument> entry : documents.entrySet()) {
			this.lexical.put(entry.getKey(), entry.getValue());
			this.hybrid.put(entry.getKey(), entry.getValue());
			this.visible.set(this.hybrid.ordinal(entry.getKey()));
		}
		recycling.indexing = false;
		this.context = SyntheticTools.context(data, documents);
		this.workload = new Cycle(SyntheticTools.queries(data));
		this.toolTexts = new Cycle(data.allTools()
			.stream()
			.map((t) -> SemanticCalibration.toolText(t.appLabel(), t.app() + "__" + t.name(), t.description()))
			.toList());
	}

	@Benchmark
	public SearchResult lexical() {
		return this.lexical.search(new SearchRequest(this.workload.next(), 10, this.visible, this.context));
	}

	@Benchmark
	public SearchResult hybrid() {
		return this.hybrid.search(new SearchRequest(this.workload.next(), 10, this.visible, this.context));
	}

	@Benchmark
	public float[] encodeQuery() {
		return this.encoder.encode(this.workload.next());
	}

	@Benchmark
	public float[] encodeTool() {
		return this.encoder.encode(this.toolTexts.next());
	}

	/**
	 * The model, but while indexing only the first {@value #DISTINCT} texts are encoded
	 * and their vectors reused in turn after them.
	 */
	static final class Recycling implements SentenceEncoder {

		private final SentenceEncoder model;

		private final float[][] seen = new float[DISTINCT][];

		private int count;

		boolean indexing = true;

		Recycling(SentenceEncoder model) {
			this.model = model;
		}

		@Override
		public float[] encode(String text) {
			if (!this.indexing) {
				return this.model.encode(text);
			}
			int slot = this.count++ % DISTINCT;
			if (this.seen[slot] == null) {
				this.seen[slot] = this.model.encode(text);
			}
			return this.seen[slot];
		}

		@Override
		public int dimension() {
			return this.model.dimension();
		}

		@Override
		public String model() {
			return this.model.model();
		}

	}

}
