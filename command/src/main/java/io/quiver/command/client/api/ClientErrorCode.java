package io.quiver.command.client.api;

import io.quiver.command.shared.api.ErrorCode;

/**
 * Why a client command was refused.
 */
public enum ClientErrorCode implements ErrorCode {

	/** A redirect URI is neither loopback ({@code http}, any port) nor {@code https}. */
	INVALID_REDIRECT_URI("client.invalid-redirect-uri", Kind.INVALID),
	/** The client metadata is missing something or out of bounds. */
	INVALID_CLIENT_METADATA("client.invalid-metadata", Kind.INVALID),
	/** No such consent in the organisation. */
	CONSENT_NOT_FOUND("client.consent-not-found", Kind.NOT_FOUND);

	private final String code;

	private final Kind kind;

	ClientErrorCode(String code, Kind kind) {
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
