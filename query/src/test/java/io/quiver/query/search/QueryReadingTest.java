package io.quiver.query.search;

import java.util.Set;

import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** R6.8, R6.9: reading the query word by word. */
class QueryReadingTest {

	private static SearchFixture github() {
		return new SearchFixture().tool("github__create_issue", "Create a new issue in a GitHub repository")
			.tool("github__list_issues", "List issues in a GitHub repository")
			.tool("github__get_file_contents", "Get the contents of a file or directory")
			.tool("github__search_repositories", "Search for GitHub repositories")
			.tool("github__list_all_workflows", "List all workflows");
	}

	@Test
	void functionWordsNumbersAndArgumentValuesAreSetAsideAndListed() {
		SearchResult result = github().search("please create an issue in acme/api for 42 Tokyo users");

		assertThat(SearchFixture.keys(result)).first().isEqualTo("github__create_issue");
		assertThat(result.setAside()).containsExactly("please", "an", "in", "acme/api", "for", "42", "Tokyo", "users");
		assertThat(result.unmatched()).isEmpty();
	}

	@Test
	void addressPathOrDottedIdentifierIsAnArgumentValueUnlessEveryPartMatches() {
		SearchFixture fixture = new SearchFixture().tool("okta__deactivate_user", "Deactivate a user")
			.tool("okta__list_groups", "List groups")
			.tool("webflow__components_list", "List all components in a site")
			.tool("webflow__sites_list", "List all sites");

		// "com" is a prefix of "components", but jane.doe@example.com is a value, not a
		// search
		SearchResult address = fixture.search("deactivate jane.doe@example.com");

		assertThat(SearchFixture.keys(address)).containsExactly("okta__deactivate_user");
		assertThat(address.setAside()).containsExactly("jane.doe@example.com");

		SearchResult dotted = fixture.search("list groups of com.acme:billing");

		assertThat(SearchFixture.keys(dotted)).containsExactly("okta__list_groups");
		assertThat(dotted.setAside()).containsExactly("of", "com.acme:billing");

		// every part matches: a dotted tool name is still searched
		SearchResult name = fixture.search("sites.list");

		assertThat(SearchFixture.keys(name)).first().isEqualTo("webflow__sites_list");
		assertThat(name.setAside()).isEmpty();
	}

	@Test
	void applicationSpelledWithADotIsStillRefused() {
		SearchResult result = github().search("list my cal.com schedules");

		assertThat(result.hits()).isEmpty();
		assertThat(result.message()).contains("Cal.com is not connected");
	}

	@Test
	void severalWordApplicationNameInTheSingularIsStillThatApplication() {
		SearchResult sheet = github().search("add a row to the google sheet");

		assertThat(sheet.hits()).isEmpty();
		assertThat(sheet.message()).contains("Google Sheets is not connected");

		SearchResult team = github().search("post in microsoft team");

		assertThat(team.hits()).isEmpty();
		assertThat(team.message()).contains("Microsoft Teams is not connected");
	}

	@Test
	void singleWordIsNotReadAsThePluralApplicationName() {
		SearchFixture fixture = github();
		fixture.context = new QueryContext(Set.of(), Set.of("github", "teams"), Set.of("github", "teams", "Teams"));

		SearchResult result = fixture.search("list issues of my team");

		assertThat(SearchFixture.keys(result)).first().isEqualTo("github__list_issues");
	}

	@Test
	void valueShapeIsPunctuationOtherThanHyphenUnderscoreOrApostropheInsideTheWord() {
		assertThat(QueryReader.valueShaped("jane@acme.io")).isTrue();
		assertThat(QueryReader.valueShaped("acme/api")).isTrue();
		assertThat(QueryReader.valueShaped("com.acme:billing")).isTrue();
		assertThat(QueryReader.valueShaped("sites.list")).isTrue();
		assertThat(QueryReader.valueShaped("PROJ-123")).isFalse();
		assertThat(QueryReader.valueShaped("night's")).isFalse();
		assertThat(QueryReader.valueShaped("night\u2019s")).isFalse();
		assertThat(QueryReader.valueShaped("Friday;")).isFalse();
		assertThat(QueryReader.valueShaped("(acme)")).isFalse();
		assertThat(QueryReader.valueShaped("create_issue")).isFalse();
	}

	@Test
	void listAllAndGetAreNeverFunctionWords() {
		SearchResult result = github().search("list all");

		assertThat(SearchFixture.keys(result)).first().isEqualTo("github__list_all_workflows");
		assertThat(result.setAside()).isEmpty();
	}

	@Test
	void underscoreJoinedWordKeepsEveryTokenEvenOnesThatMatchNothing() {
		SearchResult result = github().search("create_issue_in_acme");

		// "in" is not set aside inside a tool name, and "acme" is not an argument value
		assertThat(result.setAside()).isEmpty();
		assertThat(result.unmatched()).containsExactly("acme");
		assertThat(result.hits()).first().satisfies((hit) -> assertThat(hit.matchedTerms()).contains("in"));

		SearchResult twoUnknown = github().search("create_issue_acme_corp");

		assertThat(twoUnknown.hits()).isEmpty();
		assertThat(twoUnknown.unmatched()).containsExactly("acme", "corp");
	}

	@Test
	void underscoreJoinedNameFindsTheTool() {
		assertThat(SearchFixture.keys(github().search("get_file_contents"))).first()
			.isEqualTo("github__get_file_contents");
	}

	@Test
	void wordNamingAnUnconnectedWellKnownApplicationEmptiesTheAnswer() {
		SearchResult result = github().search("create an issue in linear");

		assertThat(result.hits()).isEmpty();
		assertThat(result.message()).contains("Linear is not connected");
		assertThat(result.unmatched()).contains("linear");
	}

	@Test
	void wordNamingAnUnconnectedCatalogApplicationEmptiesTheAnswer() {
		SearchFixture fixture = github();
		fixture.context = new QueryContext(Set.of(), Set.of("github", "acmecrm"), Set.of("acmecrm", "Acme CRM"));

		SearchResult result = fixture.search("create issue acmecrm");

		assertThat(result.hits()).isEmpty();
		assertThat(result.message()).contains("Acme CRM is not connected");
	}

	@Test
	void applicationNamedOnlyInADescriptionIsNotConnected() {
		// GitHub appears in these descriptions, but no visible tool belongs to Slack or
		// GitHub here except through the connector github
		SearchFixture fixture = new SearchFixture().tool("sentry__find_issues", "Find issues; links to GitHub")
			.tool("sentry__get_event", "Get an event");

		SearchResult result = fixture.search("find github issues");

		assertThat(result.hits()).isEmpty();
		assertThat(result.message()).contains("GitHub is not connected");
	}

	@Test
	void multiWordApplicationNameIsRecognised() {
		SearchResult result = github().search("search google drive files");

		assertThat(result.hits()).isEmpty();
		assertThat(result.message()).contains("Google Drive is not connected");
	}

	@Test
	void connectedApplicationNameIsAnOrdinaryToken() {
		SearchResult result = github().search("github issues");

		assertThat(result.hits()).isNotEmpty();
		assertThat(result.message()).isNull();
	}

	@Test
	void queryOfOnlySetAsideWordsSaysWhatToDo() {
		SearchResult result = github().search("the 42 of Tokyo");

		assertThat(result.hits()).isEmpty();
		assertThat(result.setAside()).containsExactly("the", "42", "of", "Tokyo");
		assertThat(result.message()).contains("Name the action and the object");
	}

	@Test
	void emptyQueryIsAnEmptyAnswerWithAMessage() {
		SearchResult result = github().search("   ");

		assertThat(result.hits()).isEmpty();
		assertThat(result.message()).isNotBlank();
	}

	@Test
	void numberInsideAnArgumentLikeWordIsNotSearchedFor() {
		SearchResult result = github().search("list issues PROJ-123");

		assertThat(SearchFixture.keys(result)).first().isEqualTo("github__list_issues");
		assertThat(result.unmatched()).isEmpty();
	}

	@Test
	void contractionsAndLoneLettersAreSetAsideLikeFunctionWords() {
		SearchResult result = github().search("what's x in my issues");

		assertThat(result.setAside()).containsExactly("what's", "x", "in", "my");
		assertThat(SearchFixture.keys(result)).first().isEqualTo("github__list_issues");
	}

	@Test
	void aBrandWordIsComparedWholeNotSplitAtItsCamelCase() {
		// "GitHub" splits into git and hub; hub is another connector's id here
		SearchFixture fixture = github();
		fixture.context = new QueryContext(Set.of(), Set.of("github", "hub"), Set.of("github", "hub", "Hub"));

		SearchResult result = fixture.search("list GitHub issues");

		assertThat(SearchFixture.keys(result)).first().isEqualTo("github__list_issues");
		assertThat(result.message()).isNull();
	}

	@Test
	void aConnectorIdInsideALongerWordNamesNothing() {
		SearchFixture fixture = github();
		fixture.context = new QueryContext(Set.of(), Set.of("github", "box"), Set.of("github", "box", "Box"));

		assertThat(fixture.search("list issues of the InBox team").message()).isNull();
		assertThat(fixture.search("list issues in box").message()).contains("Box is not connected");
	}

	@Test
	void thePartsOfAnUnderscoreOrHyphenJoinedWordAreWordsForApplicationNames() {
		assertThat(github().search("list_all_cal_com_schedules").message()).contains("Cal.com is not connected");
		assertThat(github().search("google-drive-search").message()).contains("Google Drive is not connected");
		assertThat(github().search("search Quick Books invoices").message()).contains("QuickBooks is not connected");
	}

	@Test
	void identifierShapeIsLettersAndDigitsAlternatingTwiceOrALongMixedToken() {
		assertThat(QueryReader.identifier(Tokens.of("cus_NffrFeUfNV2Hib"))).isTrue();
		assertThat(QueryReader.identifier(Tokens.of("PROJECT-1A2B"))).isTrue();
		assertThat(QueryReader.identifier(Tokens.of("3f9a2c1"))).isTrue();
		assertThat(QueryReader.identifier(Tokens.of("build20240105"))).isTrue();
		assertThat(QueryReader.identifier(Tokens.of("ec2"))).isFalse();
		assertThat(QueryReader.identifier(Tokens.of("oauth2"))).isFalse();
		assertThat(QueryReader.identifier(Tokens.of("sha256"))).isFalse();
		assertThat(QueryReader.identifier(Tokens.of("ENG-4821"))).isFalse();
		assertThat(QueryReader.identifier(Tokens.of("list_issues"))).isFalse();
	}

	@Test
	void identifierShapedWordIsAnArgumentValueEvenJoinedByUnderscores() {
		SearchFixture fixture = new SearchFixture().tool("stripe__create_refund", "Refund a charge or payment intent")
			.tool("stripe__list_customers", "List customers")
			.tool("stripe__list_payment_intents", "List payment intents");

		SearchResult result = fixture.search("refund charge ch_3NqFzL2eZvKYlo2C0x4Q for customer cus_Q2xW9Lk3aB");

		assertThat(SearchFixture.keys(result)).first().isEqualTo("stripe__create_refund");
		assertThat(result.setAside()).contains("ch_3NqFzL2eZvKYlo2C0x4Q", "cus_Q2xW9Lk3aB");
		assertThat(result.unmatched()).isEmpty();
	}

	@Test
	void identifierShapedWordWithAnExactNameTokenIsStillSearched() {
		SearchResult result = github().search("create_issue_1a2b");

		assertThat(result.setAside()).isEmpty();
		assertThat(result.unmatched()).containsExactly("1a2b");
	}

}
