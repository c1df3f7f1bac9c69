package io.quiver.query.search;

import java.util.List;

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

		boolean same = SearchFixture.inParallel(8, (task) -> {
			for (int round = 0; round < 50; round++) {
				for (int q = 0; q < queries.size(); q++) {
					if (!fixture.search(queries.get(q)).equals(expected.get(q))) {
						return false;
					}
				}
			}
			return true;
		});
		assertThat(same).isTrue();
	}

}
