package io.quiver.command.toolbox;

import java.util.List;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.OperationRef;
import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.Target;
import io.quiver.command.toolbox.api.ToolboxCreatedEvent;
import io.quiver.command.toolbox.api.ToolboxDeletedEvent;
import io.quiver.command.toolbox.api.ToolboxEntry;
import io.quiver.command.toolbox.api.ToolboxEntryAddedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryRemovedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryUpdatedEvent;
import io.quiver.command.toolbox.api.ToolboxGrantedEvent;
import io.quiver.command.toolbox.api.ToolboxRevokedEvent;

/**
 * Toolbox events with test defaults: toolbox {@value #TOOLBOX_ID} named {@value #NAME},
 * whose default entry {@value #ENTRY_ID} searches Notion pages of two connections.
 */
public final class ToolboxEvents {

	public static final String ORG_ID = "acme";

	public static final String OTHER_ORG_ID = "globex";

	public static final String TOOLBOX_ID = "tb-hr";

	public static final String NAME = "hr";

	public static final String ENTRY_ID = "e-search";

	public static final String ENTRY_NAME = "hr__search_pages";

	public static final Target MEMBERS = Target.role(Role.MEMBER);

	private ToolboxEvents() {
	}

	public static ToolboxEntry entry() {
		return entry(ENTRY_ID, ENTRY_NAME);
	}

	public static ToolboxEntry entry(String entryId, String advertisedName) {
		return new ToolboxEntry(entryId, new OperationRef("notion", "search_pages"),
				List.of("c-notion-legal", "c-notion-hr"), advertisedName, json("page_size", 10),
				json("filter_object", "page"));
	}

	public static ObjectNode json(String key, String value) {
		return JsonNodeFactory.instance.objectNode().put(key, value);
	}

	public static ObjectNode json(String key, int value) {
		return JsonNodeFactory.instance.objectNode().put(key, value);
	}

	public static ToolboxCreatedEvent created() {
		return created(TOOLBOX_ID, NAME);
	}

	public static ToolboxCreatedEvent created(String toolboxId, String name) {
		return new ToolboxCreatedEvent(ORG_ID, toolboxId, name, "Tools for the HR team");
	}

	public static ToolboxEntryAddedEvent entryAdded(ToolboxEntry entry) {
		return entryAdded(TOOLBOX_ID, entry);
	}

	public static ToolboxEntryAddedEvent entryAdded(String toolboxId, ToolboxEntry entry) {
		return new ToolboxEntryAddedEvent(ORG_ID, toolboxId, entry);
	}

	public static ToolboxEntryUpdatedEvent entryUpdated(ToolboxEntry before, ToolboxEntry after) {
		return entryUpdated(TOOLBOX_ID, before, after);
	}

	public static ToolboxEntryUpdatedEvent entryUpdated(String toolboxId, ToolboxEntry before, ToolboxEntry after) {
		return new ToolboxEntryUpdatedEvent(ORG_ID, toolboxId, before, after);
	}

	public static ToolboxEntryRemovedEvent entryRemoved(ToolboxEntry entry) {
		return entryRemoved(TOOLBOX_ID, entry);
	}

	public static ToolboxEntryRemovedEvent entryRemoved(String toolboxId, ToolboxEntry entry) {
		return new ToolboxEntryRemovedEvent(ORG_ID, toolboxId, entry.entryId(), entry.advertisedName());
	}

	public static ToolboxGrantedEvent granted(Target target) {
		return new ToolboxGrantedEvent(ORG_ID, TOOLBOX_ID, target);
	}

	public static ToolboxRevokedEvent revoked(Target target) {
		return new ToolboxRevokedEvent(ORG_ID, TOOLBOX_ID, target);
	}

	public static ToolboxDeletedEvent deleted() {
		return deleted(TOOLBOX_ID, NAME);
	}

	public static ToolboxDeletedEvent deleted(String toolboxId, String name) {
		return new ToolboxDeletedEvent(ORG_ID, toolboxId, name);
	}

}
