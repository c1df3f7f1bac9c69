package io.quiver.query.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.quiver.query.search.api.QueryContext;
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
		SearchFixture calibrated = notionOnly(SemanticRecall.THRESHOLD);
		SearchFixture lower = notionOnly(0.45);

		// the generic-verb rule (R6.14) empties the lexical answer; at the calibrated
		// threshold the nearest tool (similarity 0.48) is not close enough to override it
		SearchResult kept = calibrated.search(query);
		assertThat(kept.hits()).isEmpty();
		assertThat(kept.message()).contains("only the generic verb find");

		SearchResult raised = lower.search(query);
		assertThat(SearchFixture.keys(raised)).containsExactly("notion__search_pages");
		SearchHit hit = raised.hits().get(0);
		assertThat(hit.hasSimilarity()).isTrue();
		assertThat(hit.similarity()).isBetween(0.45, SemanticRecall.THRESHOLD);
		assertThat(hit.lexical()).isZero();
		assertThat(hit.matchedTerms()).isEmpty();
		assertThat(raised.message()).isNull();
	}

	@Test
	void lexicalHitsKeepTheirPlaceAndCarryTheirSimilarity() {
		SearchFixture fixture = notionOnly(SemanticRecall.THRESHOLD);
		SearchFixture lexical = new SearchFixture()
			.tool("notion__list_all_notion_users", "List all users of the workspace")
			.tool("notion__search_pages", "Search pages and databases by title")
			.tool("notion__create_comment", "Add a comment to a page")
			.tool("notion__retrieve_page", "Retrieve a page")
			.tool("notion__list_databases", "List all databases");

		SearchResult hybrid = fixture.search("search pages");
		List<String> lexicalKeys = SearchFixture.keys(lexical.search("search pages"));

		assertThat(SearchFixture.keys(hybrid).subList(0, lexicalKeys.size())).isEqualTo(lexicalKeys);
		assertThat(hybrid.hits()).allSatisfy((hit) -> assertThat(hit.hasSimilarity()).isTrue());
		assertThat(hybrid.hits().get(0).lexical()).isEqualTo(lexical.search("search pages").hits().get(0).score());
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
