package io.quiver.command.toolbox.api;

/**
 * An entry of a toolbox was replaced; carries the entry before and after.
 */
public record ToolboxEntryUpdatedEvent(String orgId, String toolboxId, ToolboxEntry before, ToolboxEntry after) {
}
