package io.quiver.command.connection.api;

/**
 * How a connection's secret is presented upstream (SPEC R13: credentials).
 */
public enum CredentialType {

	/** {@code Authorization: Bearer <token>}. */
	BEARER,
	/** A named header carrying the value, e.g. {@code X-Api-Key}. */
	HEADER,
	/** {@code Authorization: Basic base64(username:password)}. */
	BASIC,
	/**
	 * An OAuth grant (SPEC R4.5): {@code Authorization: Bearer <access token>}, refreshed
	 * with its refresh token.
	 */
	OAUTH

}
