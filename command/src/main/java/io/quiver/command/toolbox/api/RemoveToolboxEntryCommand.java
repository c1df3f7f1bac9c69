package io.quiver.command.toolbox.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Removes an entry from a toolbox.
 */
public record RemoveToolboxEntryCommand(@TargetAggregateIdentifier String toolboxId, String orgId, String entryId) {
}
