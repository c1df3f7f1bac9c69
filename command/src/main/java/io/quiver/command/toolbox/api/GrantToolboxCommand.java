package io.quiver.command.toolbox.api;

import io.quiver.command.member.api.Target;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Grants a toolbox to a role or a user.
 */
public record GrantToolboxCommand(@TargetAggregateIdentifier String toolboxId, String orgId, Target target) {
}
