package io.quiver.query.toolindex.api;

import io.quiver.command.member.api.MemberStatus;
import io.quiver.command.member.api.Role;

/**
 * A member as the live policy state knows it.
 */
public record MemberView(String memberId, String subject, String email, Role role, MemberStatus status) {
}
