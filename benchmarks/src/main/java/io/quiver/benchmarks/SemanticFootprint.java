package io.quiver.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;

import io.quiver.query.search.SearchIndex;
import io.quiver.query.search.SentenceVectors;
import io.quiver.query.search.eval.EvalData;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.embedding.MiniLmEncoder;

/**
 * Heap the semantic signal (SPEC R6.15) adds per 10,000 and 100,000 tools: the same
 * synthetic tools indexed lexically and with the signal, live heap measured after
 * collections, the difference being the int8 vectors, their slots and the text-keyed
 * cache. Vectors are reused as in {@link SemanticLatencyBenchmark}; each tool still gets
 * its own quantised copy and cache entry, as in production.
 * <p>
 * Run:
 * {@code java -Xmx3g -cp benchmarks/target/benchmarks.jar io.quiver.benchmarks.SemanticFootprint}
 */
public final class SemanticFootprint {

	private SemanticFootprint() {
	}

	public static void main(String[] args) {
		EvalData data = EvalData.load();
		MiniLmEncoder encoder = MiniLmEncoder.shared();
		for (int count : new int[] { 10_000, 100_000 }) {
			Map<String, SearchDocument> documents = SyntheticTools.generate(data.allTools(), count);
			long base = used();
			SearchIndex lexical = new SearchIndex();
			documents.forEach(lexical::put);
			long lexicalBytes = used() - base;
			lexical = null;
			base = used();
			SemanticLatencyBenchmark.Recycling recycling = new SemanticLatencyBenchmark.Recycling(encoder);
			SearchIndex hybrid = new SearchIndex(new SentenceVectors(recycling, documents.size(), 0));
			documents.forEach(hybrid::put);
			// less the harness's own reused float vectors
			long hybridBytes = used() - base
					- (long) SemanticLatencyBenchmark.DISTINCT * (encoder.dimension() * 4L + 16);
			System.out.printf(Locale.ROOT,
					"%d tools: lexical index %.1f MB, with the semantic signal %.1f MB, added %.1f MB (%.0f bytes per tool)%n",
					count, lexicalBytes / 1e6, hybridBytes / 1e6, (hybridBytes - lexicalBytes) / 1e6,
					(double) (hybridBytes - lexicalBytes) / count);
			if (hybrid.size() != documents.size() || lexical != null) {
				throw new IllegalStateException("index lost tools");
			}
		}
	}

	private static long used() {
		for (int i = 0; i < 4; i++) {
			System.gc();
		}
		return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
	}

}
