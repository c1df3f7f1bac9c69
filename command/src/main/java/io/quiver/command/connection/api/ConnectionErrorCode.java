package io.quiver.command.connection.api;

import io.quiver.command.shared.api.ErrorCode;

/**
 * Why a connection command was refused.
 */
public enum ConnectionErrorCode implements ErrorCode {

	/** The label is used by another connection or a toolbox of the organisation. */
	LABEL_TAKEN("connection.label-taken", Kind.CONFLICT),
	/** The label breaks the naming rule. */
	INVALID_LABEL("connection.invalid-label", Kind.INVALID),
	/** The connection was deleted. */
	CONNECTION_DELETED("connection.deleted", Kind.CONFLICT),
	/** The upstream could not be reached to import its tools. */
	UPSTREAM_UNAVAILABLE("connection.upstream-unavailable", Kind.CONFLICT),
	/** The credential is malformed. */
	INVALID_CREDENTIAL("connection.invalid-credential", Kind.INVALID),
	/** An OAuth authorization could not be started or completed (SPEC R4.5). */
	AUTHORIZATION_FAILED("connection.authorization-failed", Kind.CONFLICT),
	/** The connector has OAuth but the organisation has set no OAuth client for it. */
	OAUTH_CLIENT_MISSING("connection.oauth-client-missing", Kind.CONFLICT);

	private final String code;

	private final Kind kind;

	ConnectionErrorCode(String code, Kind kind) {
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
