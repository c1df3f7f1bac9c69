package io.quiver.command.client.api;

/**
 * How a client came to be known to the authorization server (SPEC R14.2).
 */
public enum ClientKind {

	/** RFC 7591 dynamic registration: Quiver issued the client id. */
	DYNAMIC,
	/** A Client ID Metadata Document: the client id is the https URL of its document. */
	METADATA_DOCUMENT

}
