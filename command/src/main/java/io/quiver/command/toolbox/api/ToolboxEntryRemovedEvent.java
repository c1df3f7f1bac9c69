package io.quiver.command.toolbox.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * An entry was removed from a toolbox.
 */
public record ToolboxEntryRemovedEvent(String orgId, String toolboxId, String entryId,
		String advertisedName) implements OrganizationEvent {
}
