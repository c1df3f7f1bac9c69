package io.quiver.command.member.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A subject became a member of the organisation with a role.
 */
public record MemberInvitedEvent(String orgId, String memberId, String subject, String email,
		Role role) implements OrganizationEvent {
}
