package io.quiver.query.search;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.quiver.query.search.api.SearchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Searches share the index and nothing else: concurrent answers equal sequential ones.
 */
class ConcurrentSearchTest {

	@Test
	void concurrentSearchesGiveTheSameAnswersAsSequentialOnes() throws Exception {
		SearchFixture fixture = new SearchFixture();
		for (int i = 0; i < 200; i++) {
			fixture.tool("github-" + i + "__create_issue_" + i, "Create an issue number " + i)
				.tool("notion-" + i + "__search_pages_" + i, "Search pages " + i);
		}
		List<String> queries = List.of("create issue", "search pages", "open an issue", "notion pages 7",
				"list_all_cal_com_schedules", "create_issue_12");
		List<SearchResult> expected = queries.stream().map(fixture::search).toList();

		ExecutorService pool = Executors.newFixedThreadPool(4);
		try {
			List<Future<Boolean>> runs = new ArrayList<>();
			for (int task = 0; task < 8; task++) {
				runs.add(pool.submit(() -> {
					for (int round = 0; round < 50; round++) {
						for (int q = 0; q < queries.size(); q++) {
							if (!fixture.search(queries.get(q)).equals(expected.get(q))) {
								return false;
							}
						}
					}
					return true;
				}));
			}
			for (Future<Boolean> run : runs) {
				assertThat(run.get()).isTrue();
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

}
