package io.quiver.query.member.api;

/**
 * A member as the member directory shows it.
 */
public record MemberSummary(String memberId, String subject, String email, String role, String status, String invitedAt,
		String updatedAt) {
}
