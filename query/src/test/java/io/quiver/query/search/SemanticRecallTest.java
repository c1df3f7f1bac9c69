package io.quiver.query.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.api.SearchHit;
import io.quiver.query.search.api.SearchRequest;
import io.quiver.query.search.api.SearchResult;
import io.quiver.query.embedding.MiniLmEncoder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * R6.15: the semantic signal raises what the lexical floor drops, never what a refusal
 * decided, and answers the same query the same way everywhere. Through the real model.
 */
class SemanticRecallTest {

	private static final MiniLmEncoder ENCODER = MiniLmEncoder.shared();

	private static SearchFixture fixture(double threshold) {
		return new SearchFixture(new SearchIndex(new SentenceVectors(ENCODER), threshold));
	}

	private static SearchFixture notionOnly(double threshold) {
		return fixture(threshold).tool("notion__list_all_notion_users", "List all users of the workspace")
			.tool("notion__search_pages", "Search pages and databases by title")
			.tool("notion__create_comment", "Add a comment to a page")
			.tool("notion__retrieve_page", "Retrieve a page")
			.tool("notion__list_databases", "List all databases");
	}

	@Test
	void aToolTheFloorDropsIsRaisedOnlyWhereItsSimilarityClearsTheThresholdWithBothSignalsShown() {
		String query = "find documents by title";
		SearchFixture stricter = notionOnly(0.50);
		SearchFixture calibrated = notionOnly(SemanticRecall.THRESHOLD);

		// the generic-verb rule (R6.14) empties the lexical answer; the nearest tool
		// (similarity 0.48) overrides it at the calibrated threshold, not at 0.50
		SearchResult kept = stricter.search(query);
		assertThat(kept.hits()).isEmpty();
		assertThat(kept.message()).contains("only the generic verb find");

		SearchResult raised = calibrated.search(query);
		assertThat(SearchFixture.keys(raised)).containsExactly("notion__search_pages");
		SearchHit hit = raised.hits().get(0);
		assertThat(hit.hasSimilarity()).isTrue();
		assertThat(hit.similarity()).isBetween(SemanticRecall.THRESHOLD, 0.50);
		assertThat(hit.lexical()).isZero();
		assertThat(hit.matchedTerms()).isEmpty();
		assertThat(raised.message()).isNull();
	}

	@Test
	void aConfidentLexicalAnswerKeepsItsFirstHitFirstAndItsHeadInTheFirstFive() {
		SearchFixture hybrid = jira(SemanticRecall.THRESHOLD);
		SearchFixture lexical = jira(-1);
		String query = "get the issue";

		List<SearchHit> lexicalHits = lexical.search(query).hits();
		List<SearchHit> blended = hybrid.search(query).hits();

		assertThat(lexicalHits.size()).isGreaterThanOrEqualTo(5);
		assertThat(blended.get(0).key()).isEqualTo(lexicalHits.get(0).key());
		assertThat(blended.subList(0, 5)).extracting(SearchHit::key)
			.containsExactlyInAnyOrderElementsOf(lexicalHits.subList(0, 5).stream().map(SearchHit::key).toList());
		assertThat(blended).allSatisfy((hit) -> assertThat(hit.hasSimilarity()).isTrue());
		assertThat(blended.get(0).lexical()).isEqualTo(lexicalHits.get(0).score());
	}

	@Test
	void aWeakLexicalAnswerIsReorderedByTheSimilarity() {
		// only "issue" of this request reaches a name, a word every tool has: the lexical
		// answer is weak (far below a fifth of a full name match), so its head is not
		// kept
		// and the tool the request means moves up by its similarity
		SearchFixture hybrid = jira(SemanticRecall.THRESHOLD);
		SearchFixture lexical = jira(-1);
		String query = "how long did people spend on the issue this week, in hours";

		List<String> lexicalKeys = SearchFixture.keys(lexical.search(query));
		List<String> blended = SearchFixture.keys(hybrid.search(query));

		assertThat(lexicalKeys.indexOf("jira__add_worklog")).isGreaterThanOrEqualTo(5);
		assertThat(blended.indexOf("jira__add_worklog")).isLessThan(lexicalKeys.indexOf("jira__add_worklog"));
		assertThat(blended.subList(0, 5)).isNotEqualTo(lexicalKeys.subList(0, 5));
		assertThat(blended).containsExactlyInAnyOrderElementsOf(lexicalKeys);
	}

	@Test
	void aQueryIdenticalToAToolsTextIsAnsweredWithThatToolFirst() {
		// the same vector on both sides: rounding to bytes can take the integer dot
		// product
		// a little past 127², the largest value the similarity ranks are counted over
		SearchFixture fixture = notionOnly(SemanticRecall.THRESHOLD);
		String text = SemanticRecall.text(
				new SearchDocument("notion__search_pages", "notion", "Notion", "Search pages and databases by title"));

		SearchResult result = fixture.search(text);

		assertThat(SearchFixture.keys(result)).startsWith("notion__search_pages");
		assertThat(result.hits().get(0).similarity()).isGreaterThan(0.99);
	}

	/** Jira-like tools; a negative threshold: the lexical ranking alone. */
	private static SearchFixture jira(double threshold) {
		SearchFixture fixture = (threshold < 0) ? new SearchFixture() : fixture(threshold);
		return fixture.tool("jira__get_issue", "jira", "Jira", "Get the details of an issue by its key")
			.tool("jira__get_issue_watchers", "jira", "Jira", "Get the users watching an issue")
			.tool("jira__get_issue_comments", "jira", "Jira", "Get the comments of an issue")
			.tool("jira__get_issue_transitions", "jira", "Jira", "Get the transitions available for an issue")
			.tool("jira__get_issue_sla", "jira", "Jira", "Get the service level of an issue")
			.tool("jira__get_issue_links", "jira", "Jira", "Get the links of an issue")
			.tool("jira__create_issue", "jira", "Jira", "Create an issue in a project")
			.tool("jira__add_worklog", "jira", "Jira", "Log time spent on an issue")
			.tool("jira__get_ticket_history", "jira", "Jira", "Get the change history of a ticket")
			.tool("jira__delete_issue", "jira", "Jira", "Delete an issue");
	}

	@Test
	void withTheThresholdAtZeroTheR65ExampleIsStillEmptyAndNamesCalCom() {
		SearchResult result = notionOnly(0).search("list_all_cal_com_schedules");

		assertThat(result.hits()).isEmpty();
		assertThat(result.notConnected()).isEqualTo("Cal.com");
		assertThat(result.message()).contains("Cal.com");
	}

	@Test
	void withTheThresholdAtZeroTheSalesNotionWithoutThatAccountIsStillEmpty() {
		SearchFixture oneAccount = fixture(0)
			.tool("notion__search_pages", "notion", "Notion", "Search pages by title, new or old")
			.accounts("notion");

		SearchResult sales = oneAccount.search("search the sales notion");

		assertThat(sales.hits()).isEmpty();
		assertThat(sales.missingAccount()).isEqualTo("notion-sales");
	}

	@Test
	void onlyAnUnconnectedApplicationsToolsBeingCloseTheAnswerIsEmptyAndNamesTheApplication() {
		// Cal.com's tools are in the organisation's index, but not connected for this
		// caller: the nearest tools by meaning are ones it may not see
		SearchFixture fixture = notionOnly(0)
			.tool("calcom__list_schedules", "calcom", "Cal.com", "List all availability schedules")
			.tool("calcom__create_booking", "calcom", "Cal.com", "Book a meeting slot on a schedule");
		fixture.context = new QueryContext(Set.of(), Set.of("notion", "calcom"), Set.of("notion", "calcom", "cal.com"));
		BitSet notion = fixture.only("notion__list_all_notion_users", "notion__search_pages", "notion__create_comment",
				"notion__retrieve_page", "notion__list_databases");

		SearchResult result = fixture.search("show my availability schedules on cal.com", notion);

		assertThat(result.hits()).isEmpty();
		assertThat(result.notConnected()).isEqualTo("Cal.com");
		assertThat(result.message()).contains("Cal.com is not connected");
	}

	@Test
	void withTheSignalOffTheAnswerIsTheLexicalOne() {
		SearchFixture fixture = notionOnly(0.45);
		String query = "find documents by title";

		SearchResult off = fixture.index.search(new SearchRequest(query, 10, fixture.all(), fixture.context, false));

		assertThat(off.hits()).isEmpty();
		assertThat(off.message()).contains("only the generic verb find");
		assertThat(fixture.search(query).hits()).isNotEmpty();
	}

	@Test
	void theSameQueryIsAnsweredByteIdenticallyAcrossRestartsAndTwoNodes() throws Exception {
		// this process
		String here = SemanticAnswers.answers(SemanticAnswers.fixture(ENCODER, false));
		// another node: its own model session, the tools put in another order
		String otherNode = SemanticAnswers.answers(SemanticAnswers.fixture(MiniLmEncoder.load(), true));
		// a restart: a fresh JVM
		String restarted = run(SemanticAnswers.class.getName());

		assertThat(here).contains("github__list_dependabot_alerts(0.0,");
		assertThat(otherNode).isEqualTo(here);
		assertThat(restarted.getBytes(StandardCharsets.UTF_8)).isEqualTo(here.getBytes(StandardCharsets.UTF_8));
	}

	private static String run(String mainClass) throws IOException, InterruptedException {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), mainClass)
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
		String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).isZero();
		assertThat(out).contains(SemanticAnswers.MARKER);
		return out.substring(out.indexOf(SemanticAnswers.MARKER) + SemanticAnswers.MARKER.length());
	}

}
