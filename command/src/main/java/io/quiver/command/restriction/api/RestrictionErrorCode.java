package io.quiver.command.restriction.api;

import io.quiver.command.shared.api.ErrorCode;

/**
 * Why a restriction command was refused.
 */
public enum RestrictionErrorCode implements ErrorCode {

	/** The restriction was deleted. */
	RESTRICTION_DELETED("restriction.deleted", Kind.CONFLICT),
	/** An item could not be pinned against the catalog (SPEC R8.6). */
	UNRESOLVED_ITEM("restriction.unresolved-item", Kind.INVALID),
	/** An item is not written connector:{id} or tool:{name}. */
	INVALID_ITEM("restriction.invalid-item", Kind.INVALID);

	private final String code;

	private final Kind kind;

	RestrictionErrorCode(String code, Kind kind) {
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
