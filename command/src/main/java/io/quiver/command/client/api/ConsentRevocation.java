package io.quiver.command.client.api;

/**
 * Why a consent (and with it every token of its family) ended.
 */
public enum ConsentRevocation {

	/** The member revoked it (console, REST, MCP). */
	BY_MEMBER,
	/** An admin of the organisation revoked it. */
	BY_ADMIN,
	/** The client revoked one of its tokens (RFC 7009): the whole family ends. */
	TOKEN_REVOKED,
	/** A rotated refresh token was presented again after the grace: the family ends. */
	REFRESH_TOKEN_REUSED,
	/** An authorization code was presented twice (RFC 6749 §4.1.2). */
	CODE_REPLAYED

}
