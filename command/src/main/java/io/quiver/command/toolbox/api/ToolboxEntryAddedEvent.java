package io.quiver.command.toolbox.api;

/**
 * An entry was added to a toolbox.
 */
public record ToolboxEntryAddedEvent(String orgId, String toolboxId, ToolboxEntry entry) {
}
