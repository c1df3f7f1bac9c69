package io.quiver.command.shared.api;

/**
 * Error codes shared by every feature.
 */
public enum CommonErrorCode implements ErrorCode {

	/** Input failed validation (shape, type, length, characters). */
	INVALID_INPUT("invalid-input", Kind.INVALID),
	/** An identifier or label names nothing in the caller's organisation. */
	NOT_FOUND("not-found", Kind.NOT_FOUND),
	/** Another command changed the same thing at the same time; retrying is safe. */
	CONCURRENT_MODIFICATION("concurrent-modification", Kind.CONFLICT),
	/** The caller's role or scopes do not allow the operation. */
	PERMISSION_DENIED("permission-denied", Kind.FORBIDDEN);

	private final String code;

	private final Kind kind;

	CommonErrorCode(String code, Kind kind) {
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
