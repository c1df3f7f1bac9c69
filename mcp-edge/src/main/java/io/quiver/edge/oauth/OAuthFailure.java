package io.quiver.edge.oauth;

/**
 * An OAuth step that failed, with a message fit for the member and the trail: it names
 * the provider's error code and never a token, code, verifier or secret.
 */
public class OAuthFailure extends RuntimeException {

	/** Why. */
	public enum Kind {

		/** The outbound guard refused the endpoint (a private address, a bad URL). */
		REFUSED,
		/** The endpoint could not be reached or answered garbage. */
		UNREACHABLE,
		/** The provider answered an OAuth error (e.g. {@code invalid_grant}). */
		PROVIDER_ERROR

	}

	private final Kind kind;

	private final String errorCode;

	public OAuthFailure(Kind kind, String errorCode, String message) {
		super(message);
		this.kind = kind;
		this.errorCode = errorCode;
	}

	public Kind kind() {
		return this.kind;
	}

	/** The provider's OAuth error code, or null. */
	public String errorCode() {
		return this.errorCode;
	}

}
