package io.quiver.command.toolbox.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Replaces an entry of a toolbox (same entry id).
 */
public record UpdateToolboxEntryCommand(@TargetAggregateIdentifier String toolboxId, String orgId, ToolboxEntry entry) {
}
