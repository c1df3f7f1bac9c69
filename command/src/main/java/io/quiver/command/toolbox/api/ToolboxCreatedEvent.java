package io.quiver.command.toolbox.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * An admin created a toolbox.
 */
public record ToolboxCreatedEvent(String orgId, String toolboxId, String name,
		String description) implements OrganizationEvent {
}
