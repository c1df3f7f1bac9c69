package io.quiver.command.toolbox;

import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.Target;
import io.quiver.command.naming.AdvertisedNamespace;
import io.quiver.command.naming.AdvertisedNamespace.Space;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.command.toolbox.api.AddToolboxEntryCommand;
import io.quiver.command.toolbox.api.CreateToolboxCommand;
import io.quiver.command.toolbox.api.DeleteToolboxCommand;
import io.quiver.command.toolbox.api.GrantToolboxCommand;
import io.quiver.command.toolbox.api.RemoveToolboxEntryCommand;
import io.quiver.command.toolbox.api.RevokeToolboxCommand;
import io.quiver.command.toolbox.api.ToolboxCreatedEvent;
import io.quiver.command.toolbox.api.ToolboxDeletedEvent;
import io.quiver.command.toolbox.api.ToolboxEntry;
import io.quiver.command.toolbox.api.ToolboxEntryAddedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryRemovedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryUpdatedEvent;
import io.quiver.command.toolbox.api.ToolboxErrorCode;
import io.quiver.command.toolbox.api.ToolboxGrantedEvent;
import io.quiver.command.toolbox.api.ToolboxRevokedEvent;
import io.quiver.command.toolbox.api.UpdateToolboxEntryCommand;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.quiver.command.shared.Refusals.rejectedWith;
import static io.quiver.command.toolbox.ToolboxEvents.ENTRY_ID;
import static io.quiver.command.toolbox.ToolboxEvents.ENTRY_NAME;
import static io.quiver.command.toolbox.ToolboxEvents.MEMBERS;
import static io.quiver.command.toolbox.ToolboxEvents.NAME;
import static io.quiver.command.toolbox.ToolboxEvents.ORG_ID;
import static io.quiver.command.toolbox.ToolboxEvents.OTHER_ORG_ID;
import static io.quiver.command.toolbox.ToolboxEvents.TOOLBOX_ID;
import static io.quiver.command.toolbox.ToolboxEvents.created;
import static io.quiver.command.toolbox.ToolboxEvents.deleted;
import static io.quiver.command.toolbox.ToolboxEvents.entry;
import static io.quiver.command.toolbox.ToolboxEvents.entryAdded;
import static io.quiver.command.toolbox.ToolboxEvents.entryRemoved;
import static io.quiver.command.toolbox.ToolboxEvents.entryUpdated;
import static io.quiver.command.toolbox.ToolboxEvents.granted;
import static io.quiver.command.toolbox.ToolboxEvents.json;
import static io.quiver.command.toolbox.ToolboxEvents.revoked;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

class ToolboxTest {

	private FixtureConfiguration<Toolbox> fixture;

	private AdvertisedNamespace namespace;

	@BeforeEach
	void setUp() {
		this.namespace = mock(AdvertisedNamespace.class);
		this.fixture = new AggregateTestFixture<>(Toolbox.class);
		this.fixture.registerInjectableResource(this.namespace);
	}

	private static ToolboxEntry withDefaults(ToolboxEntry entry, int pageSize) {
		return new ToolboxEntry(entry.entryId(), entry.operation(), entry.connectionIds(), entry.advertisedName(),
				json("page_size", pageSize), entry.frozen());
	}

	private static ToolboxEntry renamed(ToolboxEntry entry, String advertisedName) {
		return new ToolboxEntry(entry.entryId(), entry.operation(), entry.connectionIds(), advertisedName,
				entry.defaults(), entry.frozen());
	}

	@Test
	void givenNothing_whenCreate_thenToolboxCreated() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateToolboxCommand(TOOLBOX_ID, ORG_ID, NAME, "Tools for the HR team"))
			.expectEvents(new ToolboxCreatedEvent(ORG_ID, TOOLBOX_ID, NAME, "Tools for the HR team"));
	}

	@Test
	void givenNameTaken_whenCreate_thenNameTaken() {
		given(this.namespace.isTaken(ORG_ID, Space.PREFIX, NAME, TOOLBOX_ID)).willReturn(true);

		this.fixture.givenNoPriorActivity()
			.when(new CreateToolboxCommand(TOOLBOX_ID, ORG_ID, NAME, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.NAME_TAKEN))
			.expectExceptionMessage(containsString("name 'hr' is already used by a toolbox or a connection"))
			.expectNoEvents();
	}

	@Test
	void givenNothing_whenCreateWithInvalidName_thenInvalidName() {
		this.fixture.givenNoPriorActivity()
			.when(new CreateToolboxCommand(TOOLBOX_ID, ORG_ID, "HR tools", null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.INVALID_NAME))
			.expectExceptionMessage(containsString("'HR tools' is not a valid name"))
			.expectNoEvents();
	}

	@Test
	void givenToolbox_whenAddEntry_thenEntryAdded() {
		this.fixture.given(created())
			.when(new AddToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry()))
			.expectEvents(new ToolboxEntryAddedEvent(ORG_ID, TOOLBOX_ID, entry()));
	}

	@Test
	void givenToolbox_whenAddEntryWithFlatName_thenEntryAdded() {
		this.fixture.given(created())
			.when(new AddToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry(ENTRY_ID, "search_hr_wiki")))
			.expectEvents(entryAdded(entry(ENTRY_ID, "search_hr_wiki")));
	}

	@Test
	void givenEntry_whenAddEntryWithSameId_thenEntryExists() {
		this.fixture.given(created(), entryAdded(entry()))
			.when(new AddToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry(ENTRY_ID, "hr__other_name")))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.ENTRY_EXISTS))
			.expectExceptionMessage(containsString("toolbox 'hr' already has an entry 'e-search'"))
			.expectNoEvents();
	}

	@Test
	void givenEntry_whenAddEntryWithSameNameInOtherCase_thenNameTaken() {
		this.fixture.given(created(), entryAdded(entry()))
			.when(new AddToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry("e-second", "hr__Search_Pages")))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.NAME_TAKEN))
			.expectExceptionMessage(containsString("'hr__Search_Pages' is already used by another toolbox entry"))
			.expectNoEvents();
	}

	@Test
	void givenNameOfAnotherToolboxEntry_whenAddEntry_thenNameTaken() {
		given(this.namespace.isTaken(ORG_ID, Space.TOOL, "search_wiki", TOOLBOX_ID)).willReturn(true);

		this.fixture.given(created())
			.when(new AddToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry(ENTRY_ID, "search_wiki")))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.NAME_TAKEN))
			.expectExceptionMessage(containsString("'search_wiki' is already used"))
			.expectNoEvents();
	}

	@Test
	void givenToolbox_whenAddEntryNamedLikeAMetaTool_thenInvalidName() {
		this.fixture.given(created())
			.when(new AddToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry(ENTRY_ID, "search_tools")))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.INVALID_NAME))
			.expectExceptionMessage(containsString("'search_tools' is reserved for Quiver"))
			.expectNoEvents();
	}

	@Test
	void givenToolbox_whenAddEntryInControlPlaneNamespace_thenInvalidName() {
		this.fixture.given(created())
			.when(new AddToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry(ENTRY_ID, "quiver__members__list")))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.INVALID_NAME))
			.expectExceptionMessage(containsString("reserved for Quiver"))
			.expectNoEvents();
	}

	@Test
	void givenToolbox_whenAddEntryUnderAnotherPrefix_thenInvalidName() {
		this.fixture.given(created())
			.when(new AddToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry(ENTRY_ID, "notion-legal__search_pages")))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.INVALID_NAME))
			.expectExceptionMessage(containsString("does not start with 'hr__'"))
			.expectNoEvents();
	}

	@Test
	void givenToolbox_whenAddEntryNamedWithForbiddenCharacters_thenInvalidName() {
		this.fixture.given(created())
			.when(new AddToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry(ENTRY_ID, "hr.search pages")))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.INVALID_NAME))
			.expectExceptionMessage(containsString("1 to 64 characters of A-Z, a-z, 0-9, '_' and '-'"))
			.expectNoEvents();
	}

	@Test
	void givenToolbox_whenAddEntryNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created())
			.when(new AddToolboxEntryCommand(TOOLBOX_ID, OTHER_ORG_ID, entry()))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("no toolbox 'tb-hr' in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenDeletedToolbox_whenAddEntry_thenToolboxDeleted() {
		this.fixture.given(created(), deleted())
			.when(new AddToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry()))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.TOOLBOX_DELETED))
			.expectExceptionMessage(containsString("toolbox 'hr' was deleted"))
			.expectNoEvents();
	}

	@Test
	void givenEntry_whenUpdateDefaults_thenEntryUpdatedWithBeforeAndAfter() {
		ToolboxEntry after = withDefaults(entry(), 25);

		this.fixture.given(created(), entryAdded(entry()))
			.when(new UpdateToolboxEntryCommand(TOOLBOX_ID, ORG_ID, after))
			.expectEvents(new ToolboxEntryUpdatedEvent(ORG_ID, TOOLBOX_ID, entry(), after));
	}

	@Test
	void givenEntry_whenRename_thenEntryUpdated() {
		ToolboxEntry after = renamed(entry(), "hr__find_pages");

		this.fixture.given(created(), entryAdded(entry()))
			.when(new UpdateToolboxEntryCommand(TOOLBOX_ID, ORG_ID, after))
			.expectEvents(entryUpdated(entry(), after));
	}

	@Test
	void givenEntry_whenUpdateUnchanged_thenNoEvents() {
		this.fixture.given(created(), entryAdded(entry()))
			.when(new UpdateToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry()))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenEntry_whenRenameToTakenName_thenNameTaken() {
		given(this.namespace.isTaken(ORG_ID, Space.TOOL, "hr__find_pages", TOOLBOX_ID)).willReturn(true);

		this.fixture.given(created(), entryAdded(entry()))
			.when(new UpdateToolboxEntryCommand(TOOLBOX_ID, ORG_ID, renamed(entry(), "hr__find_pages")))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.NAME_TAKEN))
			.expectExceptionMessage(containsString("'hr__find_pages' is already used"))
			.expectNoEvents();
	}

	@Test
	void givenTwoEntries_whenRenameOneToTheOther_thenNameTaken() {
		ToolboxEntry second = entry("e-second", "hr__second");

		this.fixture.given(created(), entryAdded(entry()), entryAdded(second))
			.when(new UpdateToolboxEntryCommand(TOOLBOX_ID, ORG_ID, renamed(second, ENTRY_NAME)))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.NAME_TAKEN))
			.expectExceptionMessage(containsString("'hr__search_pages' is already used by another toolbox entry"))
			.expectNoEvents();
	}

	@Test
	void givenToolbox_whenUpdateUnknownEntry_thenEntryNotFound() {
		this.fixture.given(created())
			.when(new UpdateToolboxEntryCommand(TOOLBOX_ID, ORG_ID, entry()))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.ENTRY_NOT_FOUND))
			.expectExceptionMessage(containsString("toolbox 'hr' has no entry 'e-search'"))
			.expectNoEvents();
	}

	@Test
	void givenEntry_whenRemove_thenEntryRemovedWithItsName() {
		this.fixture.given(created(), entryAdded(entry()))
			.when(new RemoveToolboxEntryCommand(TOOLBOX_ID, ORG_ID, ENTRY_ID))
			.expectEvents(new ToolboxEntryRemovedEvent(ORG_ID, TOOLBOX_ID, ENTRY_ID, ENTRY_NAME));
	}

	@Test
	void givenRenamedEntry_whenRemove_thenEntryRemovedWithItsCurrentName() {
		ToolboxEntry after = renamed(entry(), "hr__find_pages");

		this.fixture.given(created(), entryAdded(entry()), entryUpdated(entry(), after))
			.when(new RemoveToolboxEntryCommand(TOOLBOX_ID, ORG_ID, ENTRY_ID))
			.expectEvents(entryRemoved(after));
	}

	@Test
	void givenRemovedEntry_whenRemoveAgain_thenEntryNotFound() {
		this.fixture.given(created(), entryAdded(entry()), entryRemoved(entry()))
			.when(new RemoveToolboxEntryCommand(TOOLBOX_ID, ORG_ID, ENTRY_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.ENTRY_NOT_FOUND))
			.expectExceptionMessage(containsString("has no entry 'e-search'"))
			.expectNoEvents();
	}

	@Test
	void givenToolbox_whenGrantToRole_thenGranted() {
		this.fixture.given(created())
			.when(new GrantToolboxCommand(TOOLBOX_ID, ORG_ID, MEMBERS))
			.expectEvents(new ToolboxGrantedEvent(ORG_ID, TOOLBOX_ID, MEMBERS));
	}

	@Test
	void givenGrant_whenGrantAgain_thenNoEvents() {
		this.fixture.given(created(), granted(MEMBERS))
			.when(new GrantToolboxCommand(TOOLBOX_ID, ORG_ID, Target.parse("role:member")))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenGrantToRole_whenGrantToUser_thenGranted() {
		this.fixture.given(created(), granted(MEMBERS))
			.when(new GrantToolboxCommand(TOOLBOX_ID, ORG_ID, Target.user("bob")))
			.expectEvents(granted(Target.user("bob")));
	}

	@Test
	void givenToolbox_whenGrantWithoutTarget_thenInvalidInput() {
		this.fixture.given(created())
			.when(new GrantToolboxCommand(TOOLBOX_ID, ORG_ID, null))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.INVALID_INPUT))
			.expectExceptionMessage(containsString("a grant needs a target"))
			.expectNoEvents();
	}

	@Test
	void givenToolbox_whenGrantNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created())
			.when(new GrantToolboxCommand(TOOLBOX_ID, OTHER_ORG_ID, MEMBERS))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenGrant_whenRevoke_thenRevoked() {
		this.fixture.given(created(), granted(MEMBERS))
			.when(new RevokeToolboxCommand(TOOLBOX_ID, ORG_ID, MEMBERS))
			.expectEvents(new ToolboxRevokedEvent(ORG_ID, TOOLBOX_ID, MEMBERS));
	}

	@Test
	void givenRevokedGrant_whenRevokeAgain_thenNoEvents() {
		this.fixture.given(created(), granted(MEMBERS), revoked(MEMBERS))
			.when(new RevokeToolboxCommand(TOOLBOX_ID, ORG_ID, MEMBERS))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenGrantToRole_whenRevokeAnotherRole_thenNoEvents() {
		this.fixture.given(created(), granted(MEMBERS))
			.when(new RevokeToolboxCommand(TOOLBOX_ID, ORG_ID, Target.role(Role.ADMIN)))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenToolbox_whenDelete_thenDeletedWithItsName() {
		this.fixture.given(created(), entryAdded(entry()), granted(MEMBERS))
			.when(new DeleteToolboxCommand(TOOLBOX_ID, ORG_ID))
			.expectEvents(new ToolboxDeletedEvent(ORG_ID, TOOLBOX_ID, NAME));
	}

	@Test
	void givenDeletedToolbox_whenDeleteAgain_thenNoEvents() {
		this.fixture.given(created(), deleted())
			.when(new DeleteToolboxCommand(TOOLBOX_ID, ORG_ID))
			.expectSuccessfulHandlerExecution()
			.expectNoEvents();
	}

	@Test
	void givenDeletedToolbox_whenGrant_thenToolboxDeleted() {
		this.fixture.given(created(), deleted())
			.when(new GrantToolboxCommand(TOOLBOX_ID, ORG_ID, MEMBERS))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.TOOLBOX_DELETED))
			.expectExceptionMessage(containsString("was deleted"))
			.expectNoEvents();
	}

	@Test
	void givenToolbox_whenDeleteNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created())
			.when(new DeleteToolboxCommand(TOOLBOX_ID, OTHER_ORG_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("no toolbox 'tb-hr' in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenEntry_whenRenameUnderAnotherPrefix_thenInvalidName() {
		this.fixture.given(created(), entryAdded(entry()))
			.when(new UpdateToolboxEntryCommand(TOOLBOX_ID, ORG_ID, renamed(entry(), "finance__search_pages")))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.INVALID_NAME))
			.expectExceptionMessage(containsString("does not start with 'hr__'"))
			.expectNoEvents();
	}

	@Test
	void givenDeletedToolbox_whenUpdateEntry_thenToolboxDeleted() {
		this.fixture.given(created(), entryAdded(entry()), deleted())
			.when(new UpdateToolboxEntryCommand(TOOLBOX_ID, ORG_ID, withDefaults(entry(), 25)))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.TOOLBOX_DELETED))
			.expectExceptionMessage(containsString("toolbox 'hr' was deleted"))
			.expectNoEvents();
	}

	@Test
	void givenEntry_whenUpdateNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created(), entryAdded(entry()))
			.when(new UpdateToolboxEntryCommand(TOOLBOX_ID, OTHER_ORG_ID, withDefaults(entry(), 25)))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("no toolbox 'tb-hr' in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenDeletedToolbox_whenRemoveEntry_thenToolboxDeleted() {
		this.fixture.given(created(), entryAdded(entry()), deleted())
			.when(new RemoveToolboxEntryCommand(TOOLBOX_ID, ORG_ID, ENTRY_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.TOOLBOX_DELETED))
			.expectExceptionMessage(containsString("toolbox 'hr' was deleted"))
			.expectNoEvents();
	}

	@Test
	void givenEntry_whenRemoveNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created(), entryAdded(entry()))
			.when(new RemoveToolboxEntryCommand(TOOLBOX_ID, OTHER_ORG_ID, ENTRY_ID))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("no toolbox 'tb-hr' in organisation 'globex'"))
			.expectNoEvents();
	}

	@Test
	void givenDeletedToolbox_whenRevoke_thenToolboxDeleted() {
		this.fixture.given(created(), granted(MEMBERS), deleted())
			.when(new RevokeToolboxCommand(TOOLBOX_ID, ORG_ID, MEMBERS))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(ToolboxErrorCode.TOOLBOX_DELETED))
			.expectExceptionMessage(containsString("was deleted"))
			.expectNoEvents();
	}

	@Test
	void givenGrant_whenRevokeNamingAnotherOrganization_thenNotFound() {
		this.fixture.given(created(), granted(MEMBERS))
			.when(new RevokeToolboxCommand(TOOLBOX_ID, OTHER_ORG_ID, MEMBERS))
			.expectException(CommandRejectedException.class)
			.expectException(rejectedWith(CommonErrorCode.NOT_FOUND))
			.expectExceptionMessage(containsString("no toolbox 'tb-hr' in organisation 'globex'"))
			.expectNoEvents();
	}

}
