package io.quiver.command.toolbox.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Creates a named toolbox.
 */
public record CreateToolboxCommand(@TargetAggregateIdentifier String toolboxId, String orgId, String name,
		String description) {
}
