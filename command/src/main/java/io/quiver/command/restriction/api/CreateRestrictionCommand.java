package io.quiver.command.restriction.api;

import io.quiver.command.member.api.Target;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Creates a restriction for a role or a user, its items already pinned (SPEC R8.6).
 */
public record CreateRestrictionCommand(@TargetAggregateIdentifier String restrictionId, String orgId, Target target,
		RestrictionRules rules) {
}
