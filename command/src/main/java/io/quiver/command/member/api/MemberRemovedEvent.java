package io.quiver.command.member.api;

/**
 * A member was removed; their subject is free again.
 */
public record MemberRemovedEvent(String orgId, String memberId, String subject) {
}
