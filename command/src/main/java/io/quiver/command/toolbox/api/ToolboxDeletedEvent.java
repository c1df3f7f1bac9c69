package io.quiver.command.toolbox.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A toolbox was deleted with its entries and grants.
 */
public record ToolboxDeletedEvent(String orgId, String toolboxId, String name) implements OrganizationEvent {
}
