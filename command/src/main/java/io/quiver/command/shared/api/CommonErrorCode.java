package io.quiver.command.shared.api;

import io.quiver.command.shared.api.ErrorCode.Kind;

/**
 * Error codes shared by every feature.
 */
public final class CommonErrorCode {

	/** Input failed validation (shape, type, length, characters). */
	public static final ErrorCode INVALID_INPUT = new ErrorCode("invalid-input", Kind.INVALID);

	/** An identifier or label names nothing in the caller's organisation. */
	public static final ErrorCode NOT_FOUND = new ErrorCode("not-found", Kind.NOT_FOUND);

	/** Another command changed the same thing at the same time; retrying is safe. */
	public static final ErrorCode CONCURRENT_MODIFICATION = new ErrorCode("concurrent-modification", Kind.CONFLICT);

	/** The caller's role or scopes do not allow the operation. */
	public static final ErrorCode PERMISSION_DENIED = new ErrorCode("permission-denied", Kind.FORBIDDEN);

	private CommonErrorCode() {
	}

}
