package io.quiver.query.search;

import java.util.BitSet;

import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchRequest;
import io.quiver.query.search.api.SearchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Incremental put, replace and remove; visibility; the limit. */
class IndexMaintenanceTest {

	@Test
	void putAddsWithAnOrdinalAndRemoveTakesItAway() {
		SearchFixture fixture = new SearchFixture().tool("github__create_issue", "Create an issue");
		int ordinal = fixture.index.ordinal("github__create_issue");

		assertThat(ordinal).isNotNegative();
		assertThat(fixture.index.size()).isEqualTo(1);
		assertThat(fixture.index.ordinal("nope")).isEqualTo(-1);

		fixture.index.remove("github__create_issue");

		assertThat(fixture.index.ordinal("github__create_issue")).isEqualTo(-1);
		assertThat(fixture.index.size()).isZero();
		assertThat(fixture.search("create issue").hits()).isEmpty();
	}

	@Test
	void putUnderAnExistingKeyReplacesTheDocumentAndKeepsTheOrdinal() {
		SearchFixture fixture = new SearchFixture().tool("github__create_issue", "Create an issue");
		int ordinal = fixture.index.ordinal("github__create_issue");

		fixture.index.put("github__create_issue",
				new SearchDocument("github__open_ticket", "github", "GitHub", "Opens a ticket"));

		assertThat(fixture.index.ordinal("github__create_issue")).isEqualTo(ordinal);
		assertThat(fixture.index.size()).isEqualTo(1);
		assertThat(fixture.search("issue").hits()).isEmpty();
		assertThat(SearchFixture.keys(fixture.search("ticket"))).containsExactly("github__create_issue");
	}

	@Test
	void removedOrdinalIsReusedAndTheNewToolIsFound() {
		SearchFixture fixture = new SearchFixture().tool("a__one", "first").tool("a__two", "second");
		int freed = fixture.index.ordinal("a__one");
		fixture.index.remove("a__one");

		fixture.tool("a__three", "third");

		assertThat(fixture.index.ordinal("a__three")).isEqualTo(freed);
		assertThat(SearchFixture.keys(fixture.search("third"))).containsExactly("a__three");
		assertThat(fixture.search("first").hits()).isEmpty();
	}

	@Test
	void invisibleToolIsNeitherReturnedNorCountedInDocumentFrequency() {
		SearchFixture fixture = new SearchFixture().tool("github__list_issues", "List issues")
			.tool("github__list_tags", "List tags")
			.tool("hidden__list_secrets", "List secrets")
			.tool("hidden__list_keys", "List keys");
		BitSet visible = fixture.only("github__list_issues", "github__list_tags");

		SearchResult withHidden = fixture.search("list", visible);

		assertThat(SearchFixture.keys(withHidden)).containsExactly("github__list_issues", "github__list_tags");
		// df of "list" is 2 of 2 visible tools, as if the hidden ones did not exist
		assertThat(withHidden.hits().get(0).score())
			.isEqualTo(5 * SearchIndex.weight(2, 2) + SearchFixture.coverage(SearchIndex.weight(2, 2), 1, 3));
		assertThat(fixture.search("secrets", visible).hits()).isEmpty();
		// a word matching only invisible tools matches nothing: an argument value
		assertThat(fixture.search("secrets", visible).setAside()).containsExactly("secrets");
		assertThat(fixture.search("list_secrets", visible).unmatched()).containsExactly("secrets");
	}

	@Test
	void visibleBitsOfRemovedOrUnknownOrdinalsAreIgnored() {
		SearchFixture fixture = new SearchFixture().tool("a__list_one", "x").tool("a__list_two", "x");
		BitSet visible = fixture.only("a__list_one", "a__list_two");
		fixture.index.remove("a__list_two");
		visible.set(500);

		SearchResult result = fixture.search("list", visible);

		assertThat(SearchFixture.keys(result)).containsExactly("a__list_one");
		assertThat(result.hits().get(0).score())
			.isEqualTo(5 * SearchIndex.weight(1, 1) + SearchFixture.coverage(SearchIndex.weight(1, 1), 1, 3));
	}

	@Test
	void limitDefaultsToTenAndIsClampedToFifty() {
		SearchFixture fixture = new SearchFixture();
		for (int i = 0; i < 60; i++) {
			fixture.tool("acme__list_item_" + i, "acme", "Acme", "List");
		}

		assertThat(search(fixture, 0).hits()).hasSize(10);
		assertThat(search(fixture, -3).hits()).hasSize(10);
		assertThat(search(fixture, 7).hits()).hasSize(7);
		assertThat(search(fixture, 500).hits()).hasSize(50);
		assertThat(new SearchRequest("x", 500, new BitSet(), null).limit()).isEqualTo(SearchRequest.MAX_LIMIT);
	}

	private static SearchResult search(SearchFixture fixture, int limit) {
		return fixture.index.search(new SearchRequest("list", limit, fixture.all(), fixture.context));
	}

}
