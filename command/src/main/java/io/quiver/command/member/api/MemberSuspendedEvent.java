package io.quiver.command.member.api;

/**
 * A member was suspended.
 */
public record MemberSuspendedEvent(String orgId, String memberId) {
}
