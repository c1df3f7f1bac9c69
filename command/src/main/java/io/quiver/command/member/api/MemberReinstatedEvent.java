package io.quiver.command.member.api;

/**
 * A suspended member was reinstated.
 */
public record MemberReinstatedEvent(String orgId, String memberId) {
}
