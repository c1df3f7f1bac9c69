package io.quiver.command.restriction.api;

import io.quiver.command.shared.api.ErrorCode;
import io.quiver.command.shared.api.ErrorCode.Kind;

/**
 * Why a restriction command was refused.
 */
public final class RestrictionErrorCode {

	/** The restriction was deleted. */
	public static final ErrorCode RESTRICTION_DELETED = new ErrorCode("restriction.deleted", Kind.CONFLICT);

	/** An item could not be pinned against the catalog (SPEC R8.6). */
	public static final ErrorCode UNRESOLVED_ITEM = new ErrorCode("restriction.unresolved-item", Kind.INVALID);

	/** An item is not written connector:{id} or tool:{name}. */
	public static final ErrorCode INVALID_ITEM = new ErrorCode("restriction.invalid-item", Kind.INVALID);

	private RestrictionErrorCode() {
	}

}
