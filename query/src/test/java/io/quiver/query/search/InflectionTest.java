package io.quiver.query.search;

import io.quiver.query.search.api.SearchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hyphenated compounds and inflections that part before the end (docs/search.md,
 * refinements 12 and 13).
 */
class InflectionTest {

	@Test
	void hyphenatedCompoundMeetsTheToolNameThatWritesItAsOneWord() {
		SearchFixture fixture = new SearchFixture().tool("basecamp__list_todos", "List the to-do items of a list")
			.tool("basecamp__list_people", "List people")
			.tool("gmail__send_email", "Send a message");

		assertThat(SearchFixture.keys(fixture.search("list my to-dos"))).first().isEqualTo("basecamp__list_todos");
		assertThat(SearchFixture.keys(fixture.search("send an e-mail to Bob"))).first().isEqualTo("gmail__send_email");
	}

	@Test
	void hyphenatedWordWhoseCompoundMeetsNoNameIsSearchedByItsParts() {
		SearchFixture fixture = new SearchFixture().tool("jira__get_issue_watchers", "Get the watchers")
			.tool("jira__create_issue", "Create an issue");

		SearchResult result = fixture.search("issue-watchers");

		assertThat(SearchFixture.keys(result)).first().isEqualTo("jira__get_issue_watchers");
		assertThat(result.unmatched()).isEmpty();
	}

	@Test
	void anotherInflectionOfTheSameStemMatchesTheName() {
		SearchFixture fixture = new SearchFixture().tool("jira__get_issue_watchers", "Get the watchers of an issue")
			.tool("jira__get_issue", "Get an issue")
			.tool("github__list_discussion_categories", "List discussion categories")
			.tool("github__create_gist", "Create a gist");

		assertThat(SearchFixture.keys(fixture.search("who is watching the issue"))).first()
			.isEqualTo("jira__get_issue_watchers");
		assertThat(SearchFixture.keys(fixture.search("discussion category"))).first()
			.isEqualTo("github__list_discussion_categories");
		assertThat(SearchFixture.keys(fixture.search("creating a gist"))).first().isEqualTo("github__create_gist");
	}

	@Test
	void aBareWordIsNeverItsAgentNoun() {
		assertThat(Stems.readings("customer")).containsEntry("custom", "er");
		Stems stems = new Stems();
		stems.add("custom");
		stems.add("watchers");

		assertThat(stems.of("customer")).isEmpty();
		assertThat(stems.of("watching")).containsExactly("watchers");
	}

	@Test
	void aStemIsFourCharactersOrMoreWithADoubledConsonantUndone() {
		assertThat(Stems.readings("planning")).containsEntry("plan", "ing");
		assertThat(Stems.readings("categories")).containsEntry("categor", "ies");
		assertThat(Stems.readings("logs")).doesNotContainKey("log");
	}

}
