package io.quiver.command.toolbox.api;

/**
 * A toolbox was deleted with its entries and grants.
 */
public record ToolboxDeletedEvent(String orgId, String toolboxId, String name) {
}
