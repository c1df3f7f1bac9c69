package io.quiver.command.member.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Invites a subject into an organisation with a role.
 */
public record InviteMemberCommand(@TargetAggregateIdentifier String memberId, String orgId, String subject,
		String email, Role role) {
}
