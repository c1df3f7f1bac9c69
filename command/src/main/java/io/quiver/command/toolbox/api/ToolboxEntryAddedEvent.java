package io.quiver.command.toolbox.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * An entry was added to a toolbox.
 */
public record ToolboxEntryAddedEvent(String orgId, String toolboxId, ToolboxEntry entry) implements OrganizationEvent {
}
