package io.quiver.edge.security;

/**
 * A token whose consent was revoked, or whose client no longer acts for the member,
 * though it has not expired: answered 401 {@code invalid_token} on the next request (SPEC
 * R14.3, R9).
 */
public class RevokedTokenException extends RuntimeException {

	public RevokedTokenException(String message) {
		super(message);
	}

}
