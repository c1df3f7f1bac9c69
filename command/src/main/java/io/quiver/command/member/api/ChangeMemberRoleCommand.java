package io.quiver.command.member.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Changes a member's role.
 */
public record ChangeMemberRoleCommand(@TargetAggregateIdentifier String memberId, String orgId, Role role) {
}
