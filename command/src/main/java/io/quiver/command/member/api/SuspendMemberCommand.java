package io.quiver.command.member.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Suspends a member: refused on their next request until reinstated (SPEC R2.5).
 */
public record SuspendMemberCommand(@TargetAggregateIdentifier String memberId, String orgId) {
}
