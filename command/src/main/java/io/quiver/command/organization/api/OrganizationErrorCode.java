package io.quiver.command.organization.api;

import io.quiver.command.shared.api.ErrorCode;
import io.quiver.command.shared.api.ErrorCode.Kind;

/**
 * Why an organisation command was refused.
 */
public final class OrganizationErrorCode {

	/** A setting is out of range. */
	public static final ErrorCode INVALID_SETTINGS = new ErrorCode("organization.invalid-settings", Kind.INVALID);

	/** An organisation with this id exists already (SPEC R14.6). */
	public static final ErrorCode ORGANIZATION_EXISTS = new ErrorCode("organization.exists", Kind.CONFLICT);

	private OrganizationErrorCode() {
	}

}
