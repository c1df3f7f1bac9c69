package io.quiver.command.toolbox.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Deletes a toolbox with its entries and grants.
 */
public record DeleteToolboxCommand(@TargetAggregateIdentifier String toolboxId, String orgId) {
}
