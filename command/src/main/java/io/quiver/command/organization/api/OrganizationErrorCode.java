package io.quiver.command.organization.api;

import io.quiver.command.shared.api.ErrorCode;

/**
 * Why an organisation command was refused.
 */
public enum OrganizationErrorCode implements ErrorCode {

	/** A setting is out of range. */
	INVALID_SETTINGS("organization.invalid-settings", Kind.INVALID),
	/** An organisation with this id exists already (SPEC R14.6). */
	ORGANIZATION_EXISTS("organization.exists", Kind.CONFLICT);

	private final String code;

	private final Kind kind;

	OrganizationErrorCode(String code, Kind kind) {
		this.code = code;
		this.kind = kind;
	}

	@Override
	public String code() {
		return this.code;
	}

	@Override
	public Kind kind() {
		return this.kind;
	}

}
