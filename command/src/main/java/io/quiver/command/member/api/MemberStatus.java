package io.quiver.command.member.api;

/**
 * A member's status (SPEC R2.5): suspended and removed members are refused on their next
 * request.
 */
public enum MemberStatus {

	ACTIVE, SUSPENDED, REMOVED

}
