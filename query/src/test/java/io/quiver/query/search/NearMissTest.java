package io.quiver.query.search;

import io.quiver.query.search.api.SearchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** R6.14: a misspelled name token of five characters or more still finds its tool. */
class NearMissTest {

	private static SearchFixture pagerDuty() {
		return new SearchFixture().tool("pagerduty__list_incidents", "List incidents")
			.tool("pagerduty__get_incident", "Get one incident")
			.tool("pagerduty__list_schedules", "List on-call schedules")
			.tool("pagerduty__list_users", "List users");
	}

	@Test
	void oneEditIsOneInsertionDeletionSubstitutionOrAdjacentSwap() {
		assertThat(NearMisses.oneEdit("incidnets", "incidents")).isTrue();
		assertThat(NearMisses.oneEdit("schedles", "schedules")).isTrue();
		assertThat(NearMisses.oneEdit("scheduless", "schedules")).isTrue();
		assertThat(NearMisses.oneEdit("schedulez", "schedules")).isTrue();
		assertThat(NearMisses.oneEdit("schedules", "schedules")).isFalse();
		assertThat(NearMisses.oneEdit("shcedlues", "schedules")).isFalse();
		assertThat(NearMisses.oneEdit("incidents", "accidents")).isFalse();
	}

	@Test
	void misspelledToolNameFindsTheTool() {
		assertThat(SearchFixture.keys(pagerDuty().search("list_incidnets"))).first()
			.isEqualTo("pagerduty__list_incidents");
		assertThat(SearchFixture.keys(pagerDuty().search("list_schedles"))).first()
			.isEqualTo("pagerduty__list_schedules");
		assertThat(SearchFixture.keys(pagerDuty().search("ListUsres"))).first().isEqualTo("pagerduty__list_users");
	}

	@Test
	void nearMissIsConsultedOnlyWhereNoNameTokenMatches() {
		SearchFixture fixture = new SearchFixture().tool("box__list_notes", "List notes")
			.tool("box__list_nodes", "List nodes");

		// nodes is one edit from notes, but an exact match leaves no room for a near miss
		assertThat(SearchFixture.keys(fixture.search("list notes"))).containsExactly("box__list_notes");
		assertThat(SearchFixture.keys(fixture.search("list_noted"))).first().isEqualTo("box__list_notes");
	}

	@Test
	void tokenShorterThanFiveCharactersHasNoNearMiss() {
		SearchFixture fixture = new SearchFixture().tool("box__list_users", "List users");

		assertThat(fixture.search("list_usr").hits()).isEmpty();
		assertThat(fixture.search("get_usres").hits()).isEmpty();
	}

	@Test
	void removedToolLeavesNoNearMissBehind() {
		SearchFixture fixture = pagerDuty();
		fixture.index.remove("pagerduty__list_incidents");
		fixture.index.remove("pagerduty__get_incident");

		assertThat(fixture.search("list_incidnets").hits()).isEmpty();
	}

	@Test
	void nearMissNeverAnswersForAnUnconnectedApplication() {
		SearchFixture fixture = new SearchFixture().tool("notion__list_all_notion_users", "List all users")
			.tool("notion__list_schedules", "List schedules");

		SearchResult result = fixture.search("list_all_cal_com_schedlues");

		assertThat(result.hits()).isEmpty();
		assertThat(result.message()).contains("Cal.com is not connected");
	}

	@Test
	void emptyAnswerToAToolNameOffersTheNearestNamesBounded() {
		SearchFixture fixture = pagerDuty().tool("pagerduty__list_teams", "List teams")
			.tool("pagerduty__list_services", "List services");

		SearchResult result = fixture.search("list_incdnets");

		assertThat(result.hits()).isEmpty();
		assertThat(result.nearest()).hasSize(SearchResult.MAX_NEAREST).contains("pagerduty__list_incidents");
		assertThat(result.message()).contains("The nearest tool names you can call: pagerduty__list_incidents");
		assertThat(result.unmatched()).containsExactly("incdnets");
	}

	@Test
	void nearestNamesAreOfferedOnlyForAQueryShapedLikeAToolName() {
		assertThat(pagerDuty().search("list incdnets now please").nearest()).isEmpty();

		SearchResult unconnected = pagerDuty().search("list_all_cal_com_schedules");

		assertThat(unconnected.nearest()).isEmpty();
		assertThat(unconnected.notConnected()).isEqualTo("Cal.com");
	}

}
