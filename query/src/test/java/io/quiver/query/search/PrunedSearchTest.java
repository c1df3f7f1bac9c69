package io.quiver.query.search;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import io.quiver.command.naming.api.NamingRules;
import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchRequest;
import io.quiver.query.search.api.SearchResult;
import io.quiver.query.search.eval.EvalData;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A search over a large view counts each term per view ({@link ViewStatistics}) and stops
 * looking for new candidates once the terms left cannot bring a tool into the answer. Its
 * answers are those of the one-pass search, whole (hits, scores, matched terms, refusals,
 * explanations), on every query of the three evaluation sets, with all tools or a part of
 * them visible, at every limit, and after the index changes.
 */
class PrunedSearchTest {

	private static final String[] ACCOUNTS = { "work", "legal", "ops", "sales", "eng", "hr" };

	private static final List<String> SETS = List.of(EvalData.TUNING, EvalData.HOLDOUT, EvalData.THIRD);

	private static final Map<String, Index> INDEXES = new LinkedHashMap<>();

	/** Both ways of searching over the same tools, put in the same order. */
	record Index(EvalData data, Map<String, SearchDocument> documents, SearchIndex pruned, SearchIndex onePass,
			QueryContext context, BitSet all, BitSet part) {

		SearchResult[] both(String query, int limit, BitSet visible) {
			return new SearchResult[] { this.pruned.search(new SearchRequest(query, limit, visible, this.context)),
					this.onePass.search(new SearchRequest(query, limit, visible, this.context)) };
		}

	}

	@BeforeAll
	static void build() {
		for (String set : SETS) {
			EvalData data = EvalData.load(set);
			SearchIndex pruned = new SearchIndex(null, SemanticRecall.THRESHOLD, 0);
			SearchIndex onePass = new SearchIndex(null, SemanticRecall.THRESHOLD, Integer.MAX_VALUE);
			Set<String> labels = new LinkedHashSet<>();
			Map<String, SearchDocument> documents = new LinkedHashMap<>();
			BitSet all = new BitSet();
			BitSet part = new BitSet();
			Random random = new Random(18);
			for (String account : ACCOUNTS) {
				for (EvalData.Tool tool : data.allTools()) {
					String label = tool.app() + "-" + account;
					labels.add(label);
					String name = NamingRules.advertisedName(label, tool.name());
					SearchDocument document = new SearchDocument(name, tool.app(), tool.appLabel(), tool.description());
					documents.put(name, document);
					pruned.put(name, document);
					onePass.put(name, document);
					all.set(pruned.ordinal(name));
					if (random.nextInt(3) > 0) {
						part.set(pruned.ordinal(name));
					}
				}
			}
			INDEXES.put(set, new Index(data, documents, pruned, onePass, data.context(labels), all, part));
		}
	}

	@Test
	void everyAnswerIsTheOnePassAnswer() {
		int queries = 0;
		for (Index index : INDEXES.values()) {
			for (EvalData.Query query : index.data().queries) {
				for (BitSet visible : List.of(index.all(), index.part())) {
					for (int limit : new int[] { 1, 10, SearchRequest.MAX_LIMIT }) {
						SearchResult[] both = index.both(query.query(), limit, visible);
						assertThat(both[0]).as(query.id() + " " + query.query() + " limit " + limit).isEqualTo(both[1]);
						queries++;
					}
				}
			}
		}
		assertThat(queries).isGreaterThan(1500);
	}

	@Test
	void aSearchOfAKeptViewGivesTheAnswerOfTheFirst() {
		Index index = INDEXES.get(EvalData.TUNING);
		String query = "list open pull requests";
		SearchResult first = index.pruned().search(new SearchRequest(query, 10, index.all(), index.context()));

		BitSet equal = (BitSet) index.all().clone();
		SearchResult again = index.pruned().search(new SearchRequest(query, 10, equal, index.context()));

		assertThat(again).isEqualTo(first);
		assertThat(first.hits()).hasSize(10);
	}

	/**
	 * The pruning is not idle: a query of common words over the six accounts' tools
	 * scores far fewer candidates than the one-pass search, which scores every tool any
	 * term matches.
	 */
	@Test
	void aCommonQueryScoresFewerCandidates() {
		Index index = INDEXES.get(EvalData.TUNING);
		String query = "list open pull requests";

		index.pruned().search(new SearchRequest(query, 10, index.all(), index.context()));
		int pruned = index.pruned().candidatesOfLastSearch();
		index.onePass().search(new SearchRequest(query, 10, index.all(), index.context()));
		int onePass = index.onePass().candidatesOfLastSearch();

		assertThat(onePass).isGreaterThan(1000);
		assertThat(pruned).isLessThan(onePass / 4);
	}

	/** A change of the index forgets every view's counts: no answer comes from before. */
	@Test
	void aChangedIndexAnswersFromItsNewTools() {
		SearchIndex pruned = new SearchIndex(null, SemanticRecall.THRESHOLD, 0);
		SearchIndex onePass = new SearchIndex(null, SemanticRecall.THRESHOLD, Integer.MAX_VALUE);
		QueryContext context = new QueryContext(Set.of(), Set.of("github", "zendesk"), Set.of("github", "zendesk"));
		for (int i = 0; i < 40; i++) {
			for (SearchIndex index : List.of(pruned, onePass)) {
				index.put("github-" + i + "__list_issues", new SearchDocument("github-" + i + "__list_issues", "github",
						"GitHub", "List the issues of a repository"));
				index.put("github-" + i + "__create_issue", new SearchDocument("github-" + i + "__create_issue",
						"github", "GitHub", "Create an issue in a repository"));
			}
		}
		BitSet visible = new BitSet();
		visible.set(0, 200);
		String query = "list the tickets";
		SearchResult before = pruned.search(new SearchRequest(query, 10, visible, context));
		assertThat(before).isEqualTo(onePass.search(new SearchRequest(query, 10, visible, context)));

		for (SearchIndex index : List.of(pruned, onePass)) {
			index.put("zendesk__list_tickets",
					new SearchDocument("zendesk__list_tickets", "zendesk", "Zendesk", "List the tickets of a view"));
			index.remove("github-3__list_issues");
		}
		SearchResult after = pruned.search(new SearchRequest(query, 10, visible, context));

		assertThat(after).isEqualTo(onePass.search(new SearchRequest(query, 10, visible, context)));
		assertThat(after.hits().get(0).key()).isEqualTo("zendesk__list_tickets");
		assertThat(after).isNotEqualTo(before);
	}

	/**
	 * Searches that meet an index with no counts and no name order yet compute them side
	 * by side: each answer is still the one-pass answer.
	 */
	@Test
	void concurrentFirstSearchesOfALargeViewGiveTheOnePassAnswers() throws Exception {
		Index index = INDEXES.get(EvalData.THIRD);
		SearchIndex fresh = new SearchIndex(null, SemanticRecall.THRESHOLD, 0);
		index.documents().forEach(fresh::put);
		List<String> queries = index.data().queries.stream().map(EvalData.Query::query).toList();
		List<SearchResult> expected = queries.stream()
			.map((q) -> index.onePass().search(new SearchRequest(q, 10, index.all(), index.context())))
			.toList();
		boolean same = SearchFixture.inParallel(4, (task) -> {
			int offset = task * queries.size() / 4;
			for (int i = 0; i < queries.size(); i++) {
				int q = (offset + i) % queries.size();
				SearchResult answer = fresh.search(new SearchRequest(queries.get(q), 10, index.all(), index.context()));
				if (!answer.equals(expected.get(q))) {
					return false;
				}
			}
			return true;
		});
		assertThat(same).isTrue();
	}

	@Test
	void keptViewsAreBounded() {
		Index index = INDEXES.get(EvalData.HOLDOUT);
		Random random = new Random(7);
		for (int i = 0; i < ViewStatistics.VIEWS * 2; i++) {
			BitSet visible = (BitSet) index.all().clone();
			visible.clear(random.nextInt(visible.length()));
			SearchResult[] both = index.both("create an issue", 10, visible);
			assertThat(both[0]).isEqualTo(both[1]);
		}
		assertThat(index.pruned().keptViews()).isEqualTo(ViewStatistics.VIEWS);
	}

}
