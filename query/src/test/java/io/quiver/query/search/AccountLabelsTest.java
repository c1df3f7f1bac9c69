package io.quiver.query.search;

import io.quiver.query.search.api.SearchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** R6.2, R6.9b: account labels decide between accounts of one application. */
class AccountLabelsTest {

	private static SearchFixture twoNotionAccounts() {
		return new SearchFixture().tool("notion-legal__search_pages", "notion", "Notion", "Search pages by title")
			.tool("notion-legal__create_page", "notion", "Notion", "Create a page")
			.tool("notion-marketing__search_pages", "notion", "Notion", "Search pages by title")
			.tool("notion-marketing__create_page", "notion", "Notion", "Create a page")
			.accounts("notion-legal", "notion-marketing");
	}

	@Test
	void theWordLegalPicksTheLegalAccount() {
		SearchResult result = twoNotionAccounts().search("search the legal pages");

		assertThat(SearchFixture.keys(result)).startsWith("notion-legal__search_pages")
			.contains("notion-marketing__search_pages");
		assertThat(result.hits().get(0).score()).isGreaterThan(result.hits().get(1).score());
		assertThat(result.setAside()).containsExactly("the");
	}

	@Test
	void theWordMarketingPicksTheMarketingAccount() {
		assertThat(SearchFixture.keys(twoNotionAccounts().search("create page in marketing")))
			.startsWith("notion-marketing__create_page")
			.doesNotContain("notion-legal__search_pages");
	}

	@Test
	void anAccountLabelInTheQueryKeepsItsTokens() {
		SearchResult result = twoNotionAccounts().search("notion-marketing search");

		assertThat(SearchFixture.keys(result)).first().isEqualTo("notion-marketing__search_pages");
		assertThat(result.missingAccount()).isNull();
	}

	@Test
	void anAccountTheCallerDoesNotHaveEmptiesTheAnswerAndNamesIt() {
		SearchResult result = twoNotionAccounts().search("search pages in notion-hr");

		assertThat(result.hits()).isEmpty();
		assertThat(result.missingAccount()).isEqualTo("notion-hr");
		assertThat(result.message()).contains("notion-hr").contains("notion-legal, notion-marketing");
	}

	@Test
	void anAdvertisedNameOfAMissingAccountIsMissingToo() {
		SearchResult result = twoNotionAccounts().search("notion-hr__search_pages");

		assertThat(result.hits()).isEmpty();
		assertThat(result.missingAccount()).isEqualTo("notion-hr");
	}

	@Test
	void aHyphenatedWordNotStartingWithAConnectorIdIsAnOrdinaryWord() {
		SearchResult result = twoNotionAccounts().search("search-pages");

		assertThat(result.missingAccount()).isNull();
		assertThat(result.hits()).hasSize(2);
	}

}
