package io.quiver.command.toolbox.api;

/**
 * An entry was removed from a toolbox.
 */
public record ToolboxEntryRemovedEvent(String orgId, String toolboxId, String entryId, String advertisedName) {
}
