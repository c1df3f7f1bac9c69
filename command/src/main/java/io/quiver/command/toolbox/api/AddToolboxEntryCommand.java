package io.quiver.command.toolbox.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Adds an entry to a toolbox.
 */
public record AddToolboxEntryCommand(@TargetAggregateIdentifier String toolboxId, String orgId, ToolboxEntry entry) {
}
