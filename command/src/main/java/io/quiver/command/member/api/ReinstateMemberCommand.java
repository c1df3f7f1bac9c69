package io.quiver.command.member.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Reinstates a suspended member.
 */
public record ReinstateMemberCommand(@TargetAggregateIdentifier String memberId, String orgId) {
}
