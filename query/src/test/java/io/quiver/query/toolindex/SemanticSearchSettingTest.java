package io.quiver.query.toolindex;

import java.util.BitSet;

import io.quiver.command.member.api.Role;
import io.quiver.query.search.SentenceVectors;
import io.quiver.query.search.api.SearchHit;
import io.quiver.query.search.api.SearchRequest;
import io.quiver.query.search.api.SearchResult;
import io.quiver.query.search.api.Searchable;
import io.quiver.query.embedding.MiniLmEncoder;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.PolicySnapshot;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * R6.15: the organisation's setting decides whether its searches consult the semantic
 * signal; off by default, and turning it on or off rebuilds the index from the same
 * tools.
 */
class SemanticSearchSettingTest {

	private static final SentenceVectors VECTORS = new SentenceVectors(MiniLmEncoder.shared());

	private static SearchResult search(PolicySnapshot policy, String query) {
		Searchable index = policy.searchIndex();
		BitSet visible = new BitSet();
		for (ConnectedTool tool : policy.tools()) {
			visible.set(index.ordinal(tool.key()));
		}
		return index.search(new SearchRequest(query, 10, visible, null));
	}

	@Test
	void offByDefaultOnWhenTheOrganisationTurnsItOnAndOffAgain() {
		PolicyFixture fixture = new PolicyFixture(VECTORS).member("alice", Role.OWNER)
			.connection("echo", "echo", "alice");
		assertThat(fixture.snapshot().tools()).isNotEmpty();

		SearchResult off = search(fixture.snapshot(), "get item");
		assertThat(fixture.snapshot().settings().semanticSearch()).isFalse();
		assertThat(off.hits()).isNotEmpty().noneMatch(SearchHit::hasSimilarity);

		fixture.semanticSearch(true);
		SearchResult on = search(fixture.snapshot(), "get item");
		assertThat(on.hits()).isNotEmpty().allMatch(SearchHit::hasSimilarity);
		assertThat(on.hits().get(0).key()).isEqualTo(off.hits().get(0).key());

		fixture.semanticSearch(false);
		assertThat(search(fixture.snapshot(), "get item").hits()).noneMatch(SearchHit::hasSimilarity);
	}

	@Test
	void withoutTheModelTheSettingLeavesSearchLexical() {
		PolicyFixture fixture = new PolicyFixture().member("alice", Role.OWNER)
			.connection("echo", "echo", "alice")
			.semanticSearch(true);

		assertThat(search(fixture.snapshot(), "get item").hits()).isNotEmpty().noneMatch(SearchHit::hasSimilarity);
	}

}
