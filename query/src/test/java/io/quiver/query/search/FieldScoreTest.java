package io.quiver.query.search;

import io.quiver.query.search.api.SearchHit;
import io.quiver.query.search.api.SearchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** R6.2, R6.3: the fields, the per-token field scores and the description stop words. */
class FieldScoreTest {

	@Test
	void exactNameBeatsPrefixBeatsConnectorBeatsDescription() {
		SearchFixture fixture = new SearchFixture().tool("acme__pages", "x", "X", "nothing")
			.tool("acme__pagesize", "x", "X", "nothing")
			.tool("acme__other", "pages", "Pages", "nothing")
			.tool("acme__third", "x", "X", "about pages");

		SearchResult result = fixture.search("pages");

		assertThat(SearchFixture.keys(result)).containsExactly("acme__pages", "acme__pagesize", "acme__other",
				"acme__third");
		double w = SearchIndex.weight(4, 4);
		// the name matches also cover one of the two name tokens (acme, pages)
		assertThat(result.hits()).extracting(SearchHit::score)
			.containsExactly(5 * w + SearchFixture.coverage(w, 1, 2), 3 * w + SearchFixture.coverage(w, 1, 2), 2 * w,
					1 * w);
	}

	@Test
	void prefixMatchesInEitherDirectionWhenTheShorterHasThreeCharacters() {
		SearchFixture fixture = new SearchFixture().tool("acme__repositories", "x")
			.tool("acme__rep", "x")
			.tool("acme__re", "x");

		assertThat(SearchFixture.keys(fixture.search("repo"))).containsExactly("acme__rep", "acme__repositories");
		assertThat(SearchFixture.keys(fixture.search("repositoriesx"))).containsExactly("acme__rep",
				"acme__repositories");
		// "re" is too short to be a prefix of anything, and nothing is a prefix of it
		assertThat(SearchFixture.keys(fixture.search("re"))).containsExactly("acme__re");
	}

	@Test
	void connectorIdAndDisplayLabelAreBothConnectorTokens() {
		SearchFixture fixture = new SearchFixture().tool("work__find", "google-drive", "Google Drive", "Find files");

		assertThat(fixture.search("google").hits()).singleElement()
			.satisfies((hit) -> assertThat(hit.score()).isEqualTo(2 * SearchIndex.weight(1, 1)));
		assertThat(fixture.search("drive").hits()).hasSize(1);
	}

	@Test
	void scaffoldingWordsDoNotTieEveryMergedTool() {
		SearchFixture fixture = new SearchFixture()
			.tool("docs__search_pages", "notion", "Notion",
					"Search pages [Work Notion / Personal Notion, set connection]")
			.tool("docs__get_page", "notion", "Notion", "Get a page [Work Notion / Personal Notion, set connection]")
			.tool("docs__share_connection", "notion", "Notion",
					"Share a page with a connection [Work Notion / HR Notion (+3 more), set connection]");

		SearchResult result = fixture.search("connection");

		// only the tool that is about connections answers; the scaffolding scored nothing
		assertThat(SearchFixture.keys(result)).containsExactly("docs__share_connection");
	}

	@Test
	void stopWordsAreDroppedFromDescriptionsOnlyAndAccountLabelsAndFrozenValuesStayScorable() {
		SearchFixture fixture = new SearchFixture().tool("hr__set_more_frozen", "x", "X", "set more frozen")
			.tool("hr__upload", "drive", "Drive", "Upload a file (frozen: folder_id=HR)")
			.tool("legal__upload", "drive", "Drive", "Upload a file (frozen: folder_id=LEGAL)");

		assertThat(SearchFixture.keys(fixture.search("set"))).containsExactly("hr__set_more_frozen");
		assertThat(SearchFixture.keys(fixture.search("frozen"))).containsExactly("hr__set_more_frozen");
		assertThat(SearchFixture.keys(fixture.search("upload legal"))).first().isEqualTo("legal__upload");
		assertThat(fixture.search("folder").hits()).hasSize(2);
	}

	@Test
	void verbWithNoMatchScoresThroughItsEquivalentAtFourFifths() {
		SearchFixture fixture = new SearchFixture().tool("github__create_issue", "Make an issue")
			.tool("github__delete_branch", "Delete a branch");

		SearchResult open = fixture.search("open");

		double w = SearchIndex.weight(1, 2);
		assertThat(open.hits()).singleElement().satisfies((hit) -> {
			assertThat(hit.key()).isEqualTo("github__create_issue");
			assertThat(hit.score()).isCloseTo(0.8 * 5 * w + SearchFixture.coverage(w, 1, 3),
					org.assertj.core.data.Offset.offset(1e-6));
			assertThat(hit.matchedTerms()).containsExactly("open");
		});
		assertThat(SearchFixture.keys(fixture.search("remove branch"))).containsExactly("github__delete_branch");
	}

	@Test
	void weakDirectMatchGivesWayToABetterEquivalent() {
		// "open" matches this tool's description (1); through create it is worth 0.8 * 5
		SearchFixture fixture = new SearchFixture().tool("github__create_issue", "Create an open issue")
			.tool("github__list_tags", "List tags");

		assertThat(fixture.search("open").hits()).singleElement()
			.satisfies((hit) -> assertThat(hit.score()).isCloseTo(
					0.8 * 5 * SearchIndex.weight(1, 2) + SearchFixture.coverage(SearchIndex.weight(1, 2), 1, 3),
					org.assertj.core.data.Offset.offset(1e-6)));
	}

	@Test
	void verbTableLoadsFromTheRepositoryData() {
		Lexicon lexicon = Lexicon.load();

		assertThat(lexicon.equivalents("open")).contains("create");
		assertThat(lexicon.equivalents("remove")).contains("delete");
		assertThat(lexicon.equivalents("forget")).contains("delete");
		assertThat(lexicon.equivalents("show")).contains("get", "list");
		assertThat(lexicon.equivalents("move")).contains("transition", "update");
		assertThat(lexicon.equivalents("create")).doesNotContain("open");
	}

	@Test
	void httpMethodVerbsOfOpenApiNamesAreReachedFromTheirActions() {
		SearchFixture fixture = new SearchFixture().tool("notion__API-post-page", "Create a page")
			.tool("notion__API-patch-page", "Update page properties")
			.tool("notion__API-retrieve-a-page", "Retrieve a page")
			.tool("acme__put_user", "Replace a user");

		assertThat(SearchFixture.keys(fixture.search("create a page"))).first().isEqualTo("notion__API-post-page");
		assertThat(SearchFixture.keys(fixture.search("update a page"))).first().isEqualTo("notion__API-patch-page");
		assertThat(SearchFixture.keys(fixture.search("update user"))).first().isEqualTo("acme__put_user");
	}

}
