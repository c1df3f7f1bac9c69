package io.quiver.command.toolbox.api;

import io.quiver.command.member.api.Target;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Revokes a toolbox from a role or a user.
 */
public record RevokeToolboxCommand(@TargetAggregateIdentifier String toolboxId, String orgId, Target target) {
}
