package io.quiver.command.toolbox.api;

/**
 * An admin created a toolbox.
 */
public record ToolboxCreatedEvent(String orgId, String toolboxId, String name, String description) {
}
