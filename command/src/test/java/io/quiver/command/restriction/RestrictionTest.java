package io.quiver.command.restriction;

import java.util.List;

import io.quiver.command.member.api.Target;
import io.quiver.command.restriction.api.CreateRestrictionCommand;
import io.quiver.command.restriction.api.DeleteRestrictionCommand;
import io.quiver.command.restriction.api.RestrictionCreatedEvent;
import io.quiver.command.restriction.api.RestrictionDeletedEvent;
import io.quiver.command.restriction.api.RestrictionErrorCode;
import io.quiver.command.restriction.api.RestrictionRules;
import io.quiver.command.restriction.api.RestrictionUpdatedEvent;
import io.quiver.command.restriction.api.UpdateRestrictionCommand;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.quiver.command.restriction.RestrictionEvents.ALLOW_NOTHING;
import static io.quiver.command.restriction.RestrictionEvents.BLOCK_TRASH;
import static io.quiver.command.restriction.RestrictionEvents.LEGAL_SEARCH;
import static io.quiver.command.restriction.RestrictionEvents.MEMBERS;
import static io.quiver.command.restriction.RestrictionEvents.NOTION;
import static io.quiver.command.restriction.RestrictionEvents.ONLY_NOTION;
import static io.quiver.command.restriction.RestrictionEvents.ORG_ID;
import static io.quiver.command.restriction.RestrictionEvents.OTHER_ORG_ID;
import static io.quiver.command.restriction.RestrictionEvents.RESTRICTION_ID;
import static io.quiver.command.restriction.RestrictionEvents.TRASH_PAGE;
import static io.quiver.command.restriction.RestrictionEvents.created;
import static io.quiver.command.restriction.RestrictionEvents.deleted;
import static io.quiver.command.restriction.RestrictionEvents.updated;
import static io.quiver.command.shared.Refusals.rejectedWith;
import static org.hamcrest.Matchers.containsString;

class RestrictionTest {

	private FixtureConfiguration<Restriction> fixture;

	@BeforeEach
	void setUp() {
		this.fixture = new AggregateTestFixture<>(Restriction.class);
	}

	@Test
	void givenNothing_whenCreate_thenRestrictionCreatedWithPinnedRules() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateRestrictionCommand(RESTRICTION_ID, ORG_ID, MEMBERS, BLOCK_TRASH))
			.expectEvents(new RestrictionCreatedEvent(ORG_ID, RESTRICTION_ID, MEMBERS, BLOCK_TRASH));
	}

	@Test
	void givenNothing_whenCreateForUser_thenRestrictionCreated() {
		RestrictionRules rules = new RestrictionRules(List.of(LEGAL_SEARCH), List.of());

		this.fixture.givenNoPriorActivity()
			.when(new CreateRestrictionCommand(RESTRICTION_ID, ORG_ID, Target.parse("user:bob"), rules))
			.expectEvents(new RestrictionCreatedEvent(ORG_ID, RESTRICTION_ID, Target.user("bob"), rules));
	}

	@Test
	void givenNothing_whenCreateWithoutTarget_thenInvalidInput() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateRestrictionCommand(RESTRICTION_ID, ORG_ID, null, BLOCK_TRASH))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.INVALID_INPUT))
			.expectExceptionMessage(containsString("needs a target (role:{ROLE} or user:{subject})"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenCreateWithoutRules_thenInvalidInput() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateRestrictionCommand(RESTRICTION_ID, ORG_ID, MEMBERS, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.INVALID_INPUT))
			.expectExceptionMessage(containsString("and rules"))
			.expectNoEvents();
	}

	@Test
	void givenRestriction_whenUpdate_thenUpdatedWithBeforeAndAfter() {
		this.fixture.given(created())
			.when(new UpdateRestrictionCommand(RESTRICTION_ID, ORG_ID, ONLY_NOTION))
			.expectEvents(new RestrictionUpdatedEvent(ORG_ID, RESTRICTION_ID, MEMBERS, BLOCK_TRASH, ONLY_NOTION));
	}

	@Test
	void givenUpdatedRestriction_whenUpdateAgain_thenBeforeIsThePreviousUpdate() {
		this.fixture.given(created(), updated(BLOCK_TRASH, ONLY_NOTION))
			.when(new UpdateRestrictionCommand(RESTRICTION_ID, ORG_ID, BLOCK_TRASH))
			.expectEvents(updated(ONLY_NOTION, BLOCK_TRASH));
	}

	@Test
	void givenNoAllowRule_whenUpdateToAnEmptyAllowRule_thenUpdated() {
		RestrictionRules noRules = new RestrictionRules(null, List.of());

		this.fixture.given(new RestrictionCreatedEvent(ORG_ID, RESTRICTION_ID, MEMBERS, noRules))
			.when(new UpdateRestrictionCommand(RESTRICTION_ID, ORG_ID, ALLOW_NOTHING))
			.expectEvents(updated(noRules, ALLOW_NOTHING));
	}

	@Test
	void givenRestriction_whenUpdateWithEqualRules_thenNoEvents() {
		this.fixture.given(created())
			.when(new UpdateRestrictionCommand(RESTRICTION_ID, ORG_ID, new RestrictionRules(null, List.of(TRASH_PAGE))))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenRestriction_whenUpdateWithoutRules_thenInvalidInput() {
		this.fixture.given(created())
			.when(new UpdateRestrictionCommand(RESTRICTION_ID, ORG_ID, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.INVALID_INPUT))
			.expectExceptionMessage(containsString("an update needs rules"))
			.expectNoEvents();
	}

	@Test
	void givenRestriction_whenUpdateNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created())
			.when(new UpdateRestrictionCommand(RESTRICTION_ID, OTHER_ORG_ID, ONLY_NOTION))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("no restriction 'r-members' in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenDeletedRestriction_whenUpdate_thenRestrictionDeleted() {
		this.fixture.given(created(), deleted(BLOCK_TRASH))
			.when(new UpdateRestrictionCommand(RESTRICTION_ID, ORG_ID, new RestrictionRules(List.of(NOTION), null)))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(RestrictionErrorCode.RESTRICTION_DELETED))
			.expectExceptionMessage(containsString("was deleted; create a new one"))
			.expectNoEvents();
	}

	@Test
	void givenUpdatedRestriction_whenDelete_thenDeletedWithTheRulesItHad() {
		this.fixture.given(created(), updated(BLOCK_TRASH, ONLY_NOTION))
			.when(new DeleteRestrictionCommand(RESTRICTION_ID, ORG_ID))
			.expectEvents(new RestrictionDeletedEvent(ORG_ID, RESTRICTION_ID, MEMBERS, ONLY_NOTION));
	}

	@Test
	void givenDeletedRestriction_whenDeleteAgain_thenNoEvents() {
		this.fixture.given(created(), deleted(BLOCK_TRASH))
			.when(new DeleteRestrictionCommand(RESTRICTION_ID, ORG_ID))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenRestriction_whenDeleteNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created())
			.when(new DeleteRestrictionCommand(RESTRICTION_ID, OTHER_ORG_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("in organisation 'globex'"))
			.expectNoEvents();
	}

}
