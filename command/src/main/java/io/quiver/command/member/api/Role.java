package io.quiver.command.member.api;

import java.util.Locale;

import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;

/**
 * A member's role in an organisation (SPEC R2.2). What each role may do lives in one
 * table, {@code RolePermissions}.
 */
public enum Role {

	OWNER, ADMIN, MEMBER, AUDITOR, BILLING_ADMIN, GUEST;

	/** Every role, as written, for the messages that name them. */
	public static final String NAMES = "OWNER, ADMIN, MEMBER, AUDITOR, BILLING_ADMIN, GUEST";

	/**
	 * A role as a caller wrote it: any case, surrounding spaces ignored.
	 * @throws CommandRejectedException {@code invalid-input} naming the roles, when it is
	 * missing or names none
	 */
	public static Role parse(String written) {
		if (written == null || written.isBlank()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"a role is required: OWNER, ADMIN, MEMBER, AUDITOR, BILLING_ADMIN or GUEST");
		}
		try {
			return Role.valueOf(written.strip().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"unknown role '" + written + "'; roles are " + NAMES);
		}
	}

}
