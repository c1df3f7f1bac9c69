package io.quiver.command.member.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Removes a member for good; their subject may be invited again as a new member.
 */
public record RemoveMemberCommand(@TargetAggregateIdentifier String memberId, String orgId) {
}
