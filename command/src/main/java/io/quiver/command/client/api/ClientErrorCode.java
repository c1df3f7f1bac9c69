package io.quiver.command.client.api;

import io.quiver.command.shared.api.ErrorCode;
import io.quiver.command.shared.api.ErrorCode.Kind;

/**
 * Why a client command was refused.
 */
public final class ClientErrorCode {

	/** A redirect URI is neither loopback ({@code http}, any port) nor {@code https}. */
	public static final ErrorCode INVALID_REDIRECT_URI = new ErrorCode("client.invalid-redirect-uri", Kind.INVALID);

	/** The client metadata is missing something or out of bounds. */
	public static final ErrorCode INVALID_CLIENT_METADATA = new ErrorCode("client.invalid-metadata", Kind.INVALID);

	/** No such consent in the organisation. */
	public static final ErrorCode CONSENT_NOT_FOUND = new ErrorCode("client.consent-not-found", Kind.NOT_FOUND);

	private ClientErrorCode() {
	}

}
