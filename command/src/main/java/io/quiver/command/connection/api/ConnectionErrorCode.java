package io.quiver.command.connection.api;

import io.quiver.command.shared.api.ErrorCode;
import io.quiver.command.shared.api.ErrorCode.Kind;

/**
 * Why a connection command was refused.
 */
public final class ConnectionErrorCode {

	/** The label is used by another connection or a toolbox of the organisation. */
	public static final ErrorCode LABEL_TAKEN = new ErrorCode("connection.label-taken", Kind.CONFLICT);

	/** The label breaks the naming rule. */
	public static final ErrorCode INVALID_LABEL = new ErrorCode("connection.invalid-label", Kind.INVALID);

	/** The connection was deleted. */
	public static final ErrorCode CONNECTION_DELETED = new ErrorCode("connection.deleted", Kind.CONFLICT);

	/** The upstream could not be reached to import its tools. */
	public static final ErrorCode UPSTREAM_UNAVAILABLE = new ErrorCode("connection.upstream-unavailable",
			Kind.CONFLICT);

	/** The credential is malformed. */
	public static final ErrorCode INVALID_CREDENTIAL = new ErrorCode("connection.invalid-credential", Kind.INVALID);

	/** An OAuth authorization could not be started or completed (SPEC R4.5). */
	public static final ErrorCode AUTHORIZATION_FAILED = new ErrorCode("connection.authorization-failed",
			Kind.CONFLICT);

	/** The connector has OAuth but the organisation has set no OAuth client for it. */
	public static final ErrorCode OAUTH_CLIENT_MISSING = new ErrorCode("connection.oauth-client-missing",
			Kind.CONFLICT);

	private ConnectionErrorCode() {
	}

}
