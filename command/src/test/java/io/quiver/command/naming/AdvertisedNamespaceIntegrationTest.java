package io.quiver.command.naming;

import java.util.List;
import java.util.Locale;

import io.quiver.command.LookupTableIntegrationTest;
import io.quiver.command.connection.api.ConnectionCreatedEvent;
import io.quiver.command.connection.api.ConnectionErrorCode;
import io.quiver.command.connection.api.ConnectionRelabeledEvent;
import io.quiver.command.naming.AdvertisedNamespace.Space;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.toolbox.ToolboxEvents;
import io.quiver.command.toolbox.api.ToolboxCreatedEvent;
import io.quiver.command.toolbox.api.ToolboxEntry;
import io.quiver.command.toolbox.api.ToolboxErrorCode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;

import static io.quiver.command.connection.ConnectionEvents.created;
import static io.quiver.command.connection.ConnectionEvents.deleted;
import static io.quiver.command.toolbox.ToolboxEvents.entry;
import static io.quiver.command.toolbox.ToolboxEvents.entryAdded;
import static io.quiver.command.toolbox.ToolboxEvents.entryRemoved;
import static io.quiver.command.toolbox.ToolboxEvents.entryUpdated;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The advertised namespace keeps connection labels and toolbox names (one prefix space)
 * and toolbox entry names (the tool space) unique per organisation, case-insensitively,
 * on a real database (SPEC R4.4).
 */
@Import(AdvertisedNamespace.class)
class AdvertisedNamespaceIntegrationTest extends LookupTableIntegrationTest {

	private static final String ORG_ID = "acme";

	private static final String OTHER_ORG_ID = "globex";

	@Autowired
	private AdvertisedNamespace namespace;

	private List<String> names(String orgId, Space space) {
		return this.jdbc.queryForList(
				"SELECT name FROM advertised_namespace WHERE org_id = ? AND space = ? ORDER BY name_key", String.class,
				orgId, space.name());
	}

	private String owner(String orgId, Space space, String name) {
		return this.jdbc.queryForObject(
				"SELECT owner_id FROM advertised_namespace WHERE org_id = ? AND space = ? AND name_key = ?",
				String.class, orgId, space.name(), name.toLowerCase(Locale.ROOT));
	}

	private static ConnectionRelabeledEvent relabeled(String connectionId, String from, String to) {
		return new ConnectionRelabeledEvent(ORG_ID, connectionId, from, to);
	}

	private static ToolboxCreatedEvent toolboxCreated(String toolboxId, String name) {
		return ToolboxEvents.created(toolboxId, name);
	}

	@Test
	void givenNoNames_whenConnectionCreated_thenItsLabelIsClaimedByIt() {
		this.namespace.on(created("c-legal", "notion", "notion-legal"));

		assertThat(names(ORG_ID, Space.PREFIX)).containsExactly("notion-legal");
		assertThat(owner(ORG_ID, Space.PREFIX, "notion-legal")).isEqualTo("c-legal");
		assertThat(this.namespace.isTaken(ORG_ID, Space.PREFIX, "notion-legal", "c-other")).isTrue();
		assertThat(this.namespace.isTaken(ORG_ID, Space.PREFIX, "notion-legal", "c-legal")).isFalse();
		assertThat(this.namespace.isTaken(ORG_ID, Space.TOOL, "notion-legal", "c-other")).isFalse();
	}

	@Test
	void givenLabel_whenAnotherConnectionTakesIt_thenLabelTaken() {
		this.namespace.on(created("c-legal", "notion", "notion-legal"));

		CommandRejectedException refusal = refusalOf(
				() -> this.namespace.on(created("c-legal-2", "notion", "notion-legal")));

		assertThat(refusal.errorCode()).isEqualTo(ConnectionErrorCode.LABEL_TAKEN);
		assertThat(refusal.getMessage()).contains("label 'notion-legal' is already used");
		assertThat(owner(ORG_ID, Space.PREFIX, "notion-legal")).isEqualTo("c-legal");
	}

	@Test
	void givenLabel_whenTheSameLabelInAnotherCaseIsClaimed_thenLabelTaken() {
		this.namespace.on(created("c-legal", "notion", "notion-legal"));

		CommandRejectedException refusal = refusalOf(
				() -> this.namespace.on(created("c-legal-2", "notion", "Notion-Legal")));

		assertThat(refusal.errorCode()).isEqualTo(ConnectionErrorCode.LABEL_TAKEN);
		assertThat(this.namespace.isTaken(ORG_ID, Space.PREFIX, "NOTION-LEGAL", "c-other")).isTrue();
	}

	@Test
	void givenLabelInAnotherOrganization_whenClaimed_thenAccepted() {
		this.namespace.on(new ConnectionCreatedEvent(OTHER_ORG_ID, "c-globex", "notion", "notion-legal", "m-x"));

		this.namespace.on(created("c-legal", "notion", "notion-legal"));

		assertThat(owner(ORG_ID, Space.PREFIX, "notion-legal")).isEqualTo("c-legal");
		assertThat(owner(OTHER_ORG_ID, Space.PREFIX, "notion-legal")).isEqualTo("c-globex");
	}

	@Test
	void givenConnectionLabel_whenToolboxCreatedWithThatName_thenNameTaken() {
		this.namespace.on(created("c-hr", "notion", "hr"));

		CommandRejectedException refusal = refusalOf(() -> this.namespace.on(toolboxCreated("tb-hr", "hr")));

		assertThat(refusal.errorCode()).isEqualTo(ToolboxErrorCode.NAME_TAKEN);
		assertThat(refusal.getMessage()).contains("name 'hr' is already used");
	}

	@Test
	void givenToolboxName_whenConnectionCreatedWithThatLabel_thenLabelTaken() {
		this.namespace.on(toolboxCreated("tb-hr", "hr"));

		CommandRejectedException refusal = refusalOf(() -> this.namespace.on(created("c-hr", "notion", "hr")));

		assertThat(refusal.errorCode()).isEqualTo(ConnectionErrorCode.LABEL_TAKEN);
	}

	@Test
	void givenRelabeledConnection_whenAnotherConnectionTakesTheOldLabel_thenAccepted() {
		this.namespace.on(created("c-legal", "notion", "notion-legal"));
		this.namespace.on(relabeled("c-legal", "notion-legal", "notion-law"));

		this.namespace.on(created("c-new", "notion", "notion-legal"));

		assertThat(names(ORG_ID, Space.PREFIX)).containsExactly("notion-law", "notion-legal");
		assertThat(owner(ORG_ID, Space.PREFIX, "notion-law")).isEqualTo("c-legal");
		assertThat(owner(ORG_ID, Space.PREFIX, "notion-legal")).isEqualTo("c-new");
	}

	@Test
	void givenTwoConnections_whenOneRelabeledToTheOthersLabel_thenLabelTakenAndOldLabelKept() {
		this.namespace.on(created("c-legal", "notion", "notion-legal"));
		this.namespace.on(created("c-hr", "notion", "notion-hr"));

		CommandRejectedException refusal = refusalOf(
				() -> this.namespace.on(relabeled("c-hr", "notion-hr", "notion-legal")));

		assertThat(refusal.errorCode()).isEqualTo(ConnectionErrorCode.LABEL_TAKEN);
		assertThat(owner(ORG_ID, Space.PREFIX, "notion-hr")).isEqualTo("c-hr");
	}

	@Test
	void givenDeletedConnection_whenItsLabelIsClaimedAgain_thenAccepted() {
		this.namespace.on(created("c-legal", "notion", "notion-legal"));
		this.namespace.on(deleted("c-legal", "notion-legal", null));

		this.namespace.on(created("c-new", "notion", "notion-legal"));

		assertThat(owner(ORG_ID, Space.PREFIX, "notion-legal")).isEqualTo("c-new");
	}

	@Test
	void givenToolbox_whenEntryAdded_thenItsAdvertisedNameIsClaimedInTheToolSpace() {
		this.namespace.on(toolboxCreated("tb-hr", "hr"));

		this.namespace.on(entryAdded("tb-hr", entry("e-1", "hr__search_pages")));

		assertThat(names(ORG_ID, Space.TOOL)).containsExactly("hr__search_pages");
		assertThat(owner(ORG_ID, Space.TOOL, "hr__search_pages")).isEqualTo("tb-hr");
	}

	@Test
	void givenEntryName_whenAnotherToolboxAddsItInAnotherCase_thenNameTaken() {
		this.namespace.on(toolboxCreated("tb-hr", "hr"));
		this.namespace.on(toolboxCreated("tb-legal", "legal"));
		this.namespace.on(entryAdded("tb-hr", entry("e-1", "search_wiki")));

		CommandRejectedException refusal = refusalOf(
				() -> this.namespace.on(entryAdded("tb-legal", entry("e-2", "Search_Wiki"))));

		assertThat(refusal.errorCode()).isEqualTo(ToolboxErrorCode.NAME_TAKEN);
		assertThat(refusal.getMessage()).contains("name 'Search_Wiki' is already used");
	}

	@Test
	void givenRenamedEntry_whenAnotherEntryTakesTheOldName_thenAccepted() {
		this.namespace.on(toolboxCreated("tb-hr", "hr"));
		ToolboxEntry before = entry("e-1", "search_wiki");
		ToolboxEntry after = entry("e-1", "search_hr_wiki");
		this.namespace.on(entryAdded("tb-hr", before));
		this.namespace.on(entryUpdated("tb-hr", before, after));

		this.namespace.on(entryAdded("tb-hr", entry("e-2", "search_wiki")));

		assertThat(names(ORG_ID, Space.TOOL)).containsExactly("search_hr_wiki", "search_wiki");
	}

	@Test
	void givenEntry_whenUpdatedWithoutRenaming_thenItsClaimStays() {
		this.namespace.on(toolboxCreated("tb-hr", "hr"));
		ToolboxEntry before = entry("e-1", "search_wiki");
		this.namespace.on(entryAdded("tb-hr", before));

		this.namespace.on(entryUpdated("tb-hr", before, entry("e-1", "SEARCH_WIKI")));

		assertThat(names(ORG_ID, Space.TOOL)).containsExactly("search_wiki");
	}

	@Test
	void givenRemovedEntry_whenItsNameIsClaimedAgain_thenAccepted() {
		this.namespace.on(toolboxCreated("tb-hr", "hr"));
		this.namespace.on(entryAdded("tb-hr", entry("e-1", "search_wiki")));
		this.namespace.on(entryRemoved("tb-hr", entry("e-1", "search_wiki")));

		this.namespace.on(entryAdded("tb-hr", entry("e-2", "search_wiki")));

		assertThat(names(ORG_ID, Space.TOOL)).containsExactly("search_wiki");
	}

	@Test
	void givenDeletedToolbox_whenItsNamesAreClaimedAgain_thenAccepted() {
		this.namespace.on(toolboxCreated("tb-hr", "hr"));
		this.namespace.on(entryAdded("tb-hr", entry("e-1", "hr__search_pages")));
		this.namespace.on(entryAdded("tb-hr", entry("e-2", "search_wiki")));
		this.namespace.on(toolboxCreated("tb-legal", "legal"));
		this.namespace.on(entryAdded("tb-legal", entry("e-3", "legal__search_pages")));

		this.namespace.on(ToolboxEvents.deleted("tb-hr", "hr"));

		assertThat(names(ORG_ID, Space.PREFIX)).containsExactly("legal");
		assertThat(names(ORG_ID, Space.TOOL)).containsExactly("legal__search_pages");
		this.namespace.on(created("c-hr", "notion", "hr"));
		this.namespace.on(entryAdded("tb-legal", entry("e-4", "search_wiki")));
		assertThat(owner(ORG_ID, Space.PREFIX, "hr")).isEqualTo("c-hr");
	}

}
