package io.quiver.query.search;

import io.quiver.query.search.api.SearchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** R6.2, R6.9b, R6.12: account labels decide between accounts of one application. */
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

	@Test
	void anAccountNamedInPlainWordsIsThatAccount() {
		SearchResult before = twoNotionAccounts().search("search the legal notion");
		SearchResult after = twoNotionAccounts().search("search notion legal");

		assertThat(SearchFixture.keys(before)).first().isEqualTo("notion-legal__search_pages");
		assertThat(SearchFixture.keys(after)).first().isEqualTo("notion-legal__search_pages");
		assertThat(before.missingAccount()).isNull();
	}

	@Test
	void anAccountTheCallerLacksNamedInPlainWordsEmptiesTheAnswerAndNamesIt() {
		SearchResult result = twoNotionAccounts().search("search pages in the hr notion");

		assertThat(result.hits()).isEmpty();
		assertThat(result.missingAccount()).isEqualTo("notion-hr");
		assertThat(result.message()).contains("notion-hr").contains("notion-legal, notion-marketing");
	}

	@Test
	void withOneAccountAPlainWordMatchingNothingBeforeTheConnectorIsAnAccountLabel() {
		SearchFixture oneAccount = new SearchFixture()
			.tool("notion__search_pages", "notion", "Notion", "Search pages by title, new or old")
			.accounts("notion");

		SearchResult sales = oneAccount.search("search the sales notion");

		assertThat(sales.hits()).isEmpty();
		assertThat(sales.missingAccount()).isEqualTo("notion-sales");

		// "new" matches a description: an ordinary word, not a label
		SearchResult fresh = oneAccount.search("search the new notion pages");

		assertThat(SearchFixture.keys(fresh)).containsExactly("notion__search_pages");
		assertThat(fresh.missingAccount()).isNull();
	}

	@Test
	void aPlainWordBeforeAConnectorWithoutADeterminerIsAnOrdinaryWord() {
		SearchResult result = twoNotionAccounts().search("search hr notion pages");

		assertThat(result.missingAccount()).isNull();
	}

}
