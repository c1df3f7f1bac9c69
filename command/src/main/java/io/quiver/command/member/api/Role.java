package io.quiver.command.member.api;

/**
 * A member's role in an organisation (SPEC R2.2). What each role may do lives in one
 * table, {@code RolePermissions}.
 */
public enum Role {

	OWNER, ADMIN, MEMBER, AUDITOR, BILLING_ADMIN, GUEST

}
