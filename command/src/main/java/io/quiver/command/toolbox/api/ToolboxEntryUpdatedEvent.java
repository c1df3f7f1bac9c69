package io.quiver.command.toolbox.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * An entry of a toolbox was replaced; carries the entry before and after.
 */
public record ToolboxEntryUpdatedEvent(String orgId, String toolboxId, ToolboxEntry before,
		ToolboxEntry after) implements OrganizationEvent {
}
