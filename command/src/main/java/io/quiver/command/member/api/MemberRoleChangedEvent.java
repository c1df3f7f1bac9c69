package io.quiver.command.member.api;

/**
 * A member's role changed from one role to another.
 */
public record MemberRoleChangedEvent(String orgId, String memberId, Role from, Role to) {
}
