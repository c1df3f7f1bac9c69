package io.quiver.command.restriction;

import java.util.List;

import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.Target;
import io.quiver.command.restriction.api.ItemKind;
import io.quiver.command.restriction.api.Pin;
import io.quiver.command.restriction.api.RestrictionCreatedEvent;
import io.quiver.command.restriction.api.RestrictionDeletedEvent;
import io.quiver.command.restriction.api.RestrictionItem;
import io.quiver.command.restriction.api.RestrictionRules;
import io.quiver.command.restriction.api.RestrictionUpdatedEvent;

/**
 * Restriction events with test defaults: restriction {@value #RESTRICTION_ID} on
 * {@code role:MEMBER}, blocking Notion page deletion.
 */
final class RestrictionEvents {

	static final String ORG_ID = "acme";

	static final String OTHER_ORG_ID = "globex";

	static final String RESTRICTION_ID = "r-members";

	static final Target MEMBERS = Target.role(Role.MEMBER);

	static final RestrictionItem NOTION = new RestrictionItem("connector:notion", ItemKind.CONNECTOR, "notion",
			Pin.connector("notion"));

	static final RestrictionItem TRASH_PAGE = new RestrictionItem("tool:notion.trash_page", ItemKind.TOOL,
			"notion.trash_page", new Pin("notion", "trash_page", null, null));

	static final RestrictionItem LEGAL_SEARCH = new RestrictionItem("tool:notion-legal__search_pages", ItemKind.TOOL,
			"notion-legal__search_pages", new Pin("notion", "search_pages", "c-notion-legal", null));

	/** No allow rule, block page deletion. */
	static final RestrictionRules BLOCK_TRASH = new RestrictionRules(null, List.of(TRASH_PAGE));

	/** Allow Notion only, still block page deletion. */
	static final RestrictionRules ONLY_NOTION = new RestrictionRules(List.of(NOTION), List.of(TRASH_PAGE));

	/** An allow rule naming nothing: denies everything (SPEC R8.5). */
	static final RestrictionRules ALLOW_NOTHING = new RestrictionRules(List.of(), List.of());

	private RestrictionEvents() {
	}

	static RestrictionCreatedEvent created() {
		return new RestrictionCreatedEvent(ORG_ID, RESTRICTION_ID, MEMBERS, BLOCK_TRASH);
	}

	static RestrictionUpdatedEvent updated(RestrictionRules before, RestrictionRules after) {
		return new RestrictionUpdatedEvent(ORG_ID, RESTRICTION_ID, MEMBERS, before, after);
	}

	static RestrictionDeletedEvent deleted(RestrictionRules before) {
		return new RestrictionDeletedEvent(ORG_ID, RESTRICTION_ID, MEMBERS, before);
	}

}
