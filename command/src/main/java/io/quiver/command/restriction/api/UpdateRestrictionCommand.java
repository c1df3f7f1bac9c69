package io.quiver.command.restriction.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Replaces a restriction's rules, its items already pinned.
 */
public record UpdateRestrictionCommand(@TargetAggregateIdentifier String restrictionId, String orgId,
		RestrictionRules rules) {
}
