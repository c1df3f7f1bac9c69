package io.quiver.query.search;

import io.quiver.query.search.api.SearchHit;
import io.quiver.query.search.api.SearchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** R6.4, R6.5: IDF weights and the relevance floor. */
class RelevanceFloorTest {

	private static SearchFixture notionOnly() {
		return new SearchFixture().tool("notion__list_all_notion_users", "List all users of the workspace")
			.tool("notion__search_pages", "Search pages and databases by title")
			.tool("notion__create_comment", "Add a comment to a page")
			.tool("notion__retrieve_page", "Retrieve a page")
			.tool("notion__list_databases", "List all databases");
	}

	@Test
	void unconnectedApplicationToolNameIsEmptyNotTheNotionNeighbour() {
		SearchResult result = notionOnly().search("list_all_cal_com_schedules");

		assertThat(result.hits()).isEmpty();
		assertThat(result.unmatched()).contains("cal", "com", "schedules");
		assertThat(result.message()).contains("Cal.com");
	}

	@Test
	void sameQueryWithTheApplicationUnknownIsEmptyByTheFloorAlone() {
		// "calendly" is known, "calx" is not: nothing but the floor keeps
		// list_all_notion_users out
		SearchResult result = notionOnly().search("list_all_calx_schedules");

		assertThat(result.hits()).isEmpty();
		assertThat(result.unmatched()).containsExactly("calx", "schedules");
		assertThat(result.message()).contains("calx, schedules match no tool you can see");
	}

	@Test
	void toolMatchingHalfTheWeightIsReturned() {
		SearchResult result = notionOnly().search("list all notion users");

		assertThat(result.hits()).first().extracting(SearchHit::key).isEqualTo("notion__list_all_notion_users");
		assertThat(result.hits().get(0).matchedTerms()).containsExactly("list", "all", "notion", "users");
	}

	@Test
	void toolBelowHalfTheWeightIsNotReturned() {
		SearchFixture fixture = new SearchFixture().tool("github__create_issue", "Create an issue")
			.tool("github__create_branch", "Create a branch")
			.tool("github__get_me", "Who am I")
			.tool("github__list_tags", "List tags");
		// "create" matches two tools, "pull" and "request" match none; create_* match too
		// little
		SearchResult result = fixture.search("create_pull_request");

		assertThat(result.hits()).isEmpty();
		assertThat(result.unmatched()).containsExactly("pull", "request");
	}

	private static SearchFixture tasks() {
		return new SearchFixture().tool("todoist__todoist_create_task", "Create a new task")
			.tool("todoist__todoist_get_project", "Get a project by its id")
			.tool("todoist__todoist_list_labels", "List the labels")
			.tool("todoist__todoist_update_section", "Update a section")
			.tool("todoist__todoist_get_reminders", "Get the reminders of a task");
	}

	@Test
	void aRequestThatNamesTheWholeOperationPassesTheFloorWhateverElseItSays() {
		// project, labels, section and reminders reach other tools' names and raise the
		// floor above what create and task weigh; the request still names create_task
		// entirely (refinement 16)
		SearchResult result = tasks()
			.search("creating a task in the project Home, section Errands, with labels urgent and reminders");

		assertThat(result.hits()).first().extracting(SearchHit::key).isEqualTo("todoist__todoist_create_task");
	}

	@Test
	void namingTheApplicationIsNotNamingTheOperation() {
		// todoist and task reach todoist_create_task's name, but todoist is its
		// connector:
		// one token of a two-token operation is not the whole operation
		SearchResult result = tasks().search("todoist task in the project Home, section Errands, labels and reminders");

		assertThat(SearchFixture.keys(result)).doesNotContain("todoist__todoist_create_task");
	}

	@Test
	void aOneTokenOperationNeverPassesByBeingNamed() {
		SearchFixture fixture = new SearchFixture().tool("slack__search", "Search messages")
			.tool("slack__list_channels", "List the channels")
			.tool("slack__get_users", "Get the users")
			.tool("slack__post_reply", "Reply in a thread");
		SearchResult result = fixture.search("search the channels users and reply threads");

		assertThat(SearchFixture.keys(result)).doesNotContain("slack__search");
	}

	@Test
	void tokenMatchingNothingWeighsMoreThanTheRarestMatchingToken() {
		for (int visible : new int[] { 1, 2, 10, 1000, 100_000 }) {
			assertThat(SearchIndex.weight(0, visible)).isGreaterThan(SearchIndex.weight(1, visible));
			assertThat(SearchIndex.weight(visible, visible)).isPositive();
		}
		assertThat(SearchIndex.weight(1, 10)).isGreaterThan(SearchIndex.weight(5, 10));
	}

	@Test
	void scoreIsFieldScoreTimesWeightSummedOverTokens() {
		SearchFixture fixture = new SearchFixture().tool("github__list_issues", "List issues in a repository")
			.tool("github__get_me", "Details of the authenticated user");
		SearchResult result = fixture.search("issues repository");

		// issues: exact name 5, df 1; repository: description 1, df 1; two visible tools
		double weight = Math.log(1 + (2 - 1 + 0.5) / (1 + 0.5));
		assertThat(result.hits()).singleElement()
			.satisfies((hit) -> assertThat(hit.score())
				.isCloseTo(5 * weight + 1 * weight + SearchFixture.coverage(weight, 1, 3), within()));
	}

	@Test
	void toolWhoseNameTheQueryCoversRanksAboveOneWithMoreNameTokens() {
		SearchFixture fixture = new SearchFixture().tool("linear__get_issues", "Get issues")
			.tool("linear__get_cycle_issues", "Get issues");

		// the same tokens match both names; get_cycle_issues would win the code point tie
		assertThat(SearchFixture.keys(fixture.search("get_issues"))).containsExactly("linear__get_issues",
				"linear__get_cycle_issues");
	}

	@Test
	void wordFoundOnlyInADescriptionAddsScoreButDoesNotRaiseTheFloor() {
		SearchFixture fixture = new SearchFixture().tool("linear__assign_issue", "Assign an issue to a user")
			.tool("linear__list_teams", "List teams")
			.tool("sentry__search_events", "Search events, for example user:alice");

		SearchResult result = fixture.search("assign the linear issue to alice");

		// alice (one description, so a heavy weight) would otherwise leave assign_issue
		// under half
		assertThat(SearchFixture.keys(result)).first().isEqualTo("linear__assign_issue");
		assertThat(result.hits().get(0).matchedTerms()).containsExactly("assign", "linear", "issue");
	}

	@Test
	void queryFoundOnlyInDescriptionsStillHasAFloor() {
		SearchFixture fixture = new SearchFixture().tool("a__one", "alpha beta")
			.tool("a__two", "alpha")
			.tool("a__three", "gamma")
			.tool("a__four", "delta");

		// no word reaches a name: the floor is over all of them, and no tool has half
		assertThat(SearchFixture.keys(fixture.search("alpha gamma delta"))).isEmpty();
		assertThat(SearchFixture.keys(fixture.search("alpha beta"))).containsExactly("a__one");
	}

	@Test
	void wordThatOnlyBeginsWithANameTokenDoesNotRaiseTheFloor() {
		SearchFixture fixture = new SearchFixture().tool("kubernetes__scale_deployment", "Scale a deployment")
			.tool("kubernetes__create_deployment", "Create a deployment")
			.tool("kubernetes__health_check", "Check the health of the server");

		SearchResult result = fixture.search("checkout deployment");

		// "checkout" only begins with "check": it is scored, but, rarer than
		// "deployment", it would otherwise leave both deployment tools under half and
		// answer the health check
		assertThat(SearchFixture.keys(result)).containsExactlyInAnyOrder("kubernetes__scale_deployment",
				"kubernetes__create_deployment");
	}

	@Test
	void wordThatIsOnlyTheBeginningOfAPluralNameDoesNotRaiseTheFloor() {
		SearchFixture fixture = new SearchFixture().tool("datadog__get_logs", "Get logs")
			.tool("datadog__tail_logs", "Tail logs")
			.tool("datadog__list_services", "List services");

		// "service" names the argument here; the plural "services" of a listing tool
		// does not make it what the query is about
		assertThat(SearchFixture.keys(fixture.search("logs of the api service")))
			.containsExactlyInAnyOrder("datadog__get_logs", "datadog__tail_logs");
	}

	@Test
	void pluralOfANameTokenStillRaisesTheFloor() {
		SearchFixture fixture = new SearchFixture().tool("notion__get_block", "Get a block")
			.tool("notion__list_users", "List users")
			.tool("notion__list_databases", "List databases");

		// "blocks" is "block" inflected: it anchors, so list_users (list only) is under
		// half
		assertThat(SearchFixture.keys(fixture.search("list blocks"))).containsExactly("notion__get_block");
	}

	@Test
	void beginningOfANameThatContinuesWithAnotherQueryWordStillRaisesTheFloor() {
		SearchFixture fixture = new SearchFixture().tool("jira__add_worklog", "Add a worklog")
			.tool("jira__update_issue", "Update an issue")
			.tool("jira__get_issue", "Get an issue");

		// "work" and "log" spell "worklog": work anchors, outweighs issue, and the issue
		// tools are under half
		assertThat(SearchFixture.keys(fixture.search("log work hours on an issue")))
			.containsExactly("jira__add_worklog");
	}

	private static org.assertj.core.data.Offset<Double> within() {
		return org.assertj.core.data.Offset.offset(1e-9);
	}

	@Test
	void theObjectAfterTheVerbWeighsMoreInTheScoreButNotInTheFloor() {
		SearchFixture fixture = new SearchFixture().tool("airtable__create_table", "Create a table")
			.tool("airtable__create_record", "Create a record")
			.tool("airtable__list_bases", "List bases");

		assertThat(SearchFixture.keys(fixture.search("add a record to the table"))).first()
			.isEqualTo("airtable__create_record");
		assertThat(SearchFixture.keys(fixture.search("add a table to the record"))).first()
			.isEqualTo("airtable__create_table");
	}

}
