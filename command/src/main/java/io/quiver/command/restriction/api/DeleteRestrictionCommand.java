package io.quiver.command.restriction.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Deletes a restriction.
 */
public record DeleteRestrictionCommand(@TargetAggregateIdentifier String restrictionId, String orgId) {
}
