package io.quiver.query.search;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntPredicate;

import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchHit;
import io.quiver.query.search.api.SearchRequest;
import io.quiver.query.search.api.SearchResult;

/** Builds small indexes and requests for the search tests. */
final class SearchFixture {

	final SearchIndex index;

	QueryContext context = new QueryContext(Set.of(), Set.of("notion", "github", "slack", "linear"),
			Set.of("notion", "github", "slack", "linear"));

	SearchFixture() {
		this(new SearchIndex());
	}

	SearchFixture(SearchIndex index) {
		this.index = index;
	}

	/** Adds a tool under its advertised name; the connector is the name's first token. */
	SearchFixture tool(String name, String description) {
		String connector = Tokens.of(name).get(0);
		return tool(name, connector, capitalised(connector), description);
	}

	SearchFixture tool(String name, String connectorId, String connectorLabel, String description) {
		this.index.put(name, new SearchDocument(name, connectorId, connectorLabel, description));
		return this;
	}

	SearchFixture accounts(String... labels) {
		this.context = new QueryContext(Set.of(labels), this.context.connectorIds(), this.context.applicationNames());
		return this;
	}

	BitSet all() {
		BitSet visible = new BitSet();
		for (int i = 0; i < 1000; i++) {
			visible.set(i);
		}
		return visible;
	}

	BitSet only(String... keys) {
		BitSet visible = new BitSet();
		for (String key : keys) {
			visible.set(this.index.ordinal(key));
		}
		return visible;
	}

	SearchResult search(String query) {
		return search(query, all());
	}

	SearchResult search(String query, BitSet visible) {
		return this.index.search(new SearchRequest(query, 10, visible, this.context));
	}

	/**
	 * The coverage bonus of a tool (refinement 4): {@code inName} of its
	 * {@code nameTokens} name tokens matched, {@code meanWeight} the mean weight of the
	 * searched tokens.
	 */
	static double coverage(double meanWeight, int inName, int nameTokens) {
		return SearchIndex.COVERAGE * meanWeight * Math.min(1.0, (double) inName / nameTokens);
	}

	static List<String> keys(SearchResult result) {
		return result.hits().stream().map(SearchHit::key).toList();
	}

	private static String capitalised(String word) {
		return Character.toUpperCase(word.charAt(0)) + word.substring(1);
	}

	/**
	 * Runs {@code tasks} tasks on four threads at once, task {@code i} as
	 * {@code task.test(i)}; whether every one answered true.
	 */
	static boolean inParallel(int tasks, IntPredicate task) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(4);
		try {
			List<Future<Boolean>> runs = new ArrayList<>();
			for (int i = 0; i < tasks; i++) {
				int index = i;
				runs.add(pool.submit(() -> task.test(index)));
			}
			boolean all = true;
			for (Future<Boolean> run : runs) {
				all &= run.get();
			}
			return all;
		}
		finally {
			pool.shutdownNow();
		}
	}

}
