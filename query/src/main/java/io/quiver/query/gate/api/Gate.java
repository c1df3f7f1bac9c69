package io.quiver.query.gate.api;

import java.util.Locale;

/**
 * The gates of the call pipeline, in the order of SPEC R7.1. The wire name appears in
 * audit entries and in-band errors.
 */
public enum Gate {

	/** The caller is an active member (R2.5). */
	MEMBER_STATUS,
	/** The caller's role holds {@code tool:execute} (R2.3). */
	TOOL_EXECUTE,
	/** The surface is collapsed when a meta-tool is called (R7.3). */
	COLLAPSE,
	/** The name resolves to a tool the caller could see (R7.4). */
	NAME,
	/** The caller's role holds the control-plane operation's permission (R2.4). */
	ROLE_PERMISSION,
	/** The caller owns the connection, or a toolbox grants the entry (R5). */
	ACCESS,
	/** The connection's grant is live (R9). */
	GRANT,
	/**
	 * The caller's scopes reach the tool's classification; forbidden is reached by none
	 * (R3).
	 */
	SCOPE,
	/** No restriction withholds the tool (R8). */
	RESTRICTION,
	/** The arguments satisfy the tool's input schema. */
	ARGUMENTS,
	/**
	 * No argument shadows a frozen parameter; an {@code http} operation gets declared
	 * parameters only (R7.8).
	 */
	FROZEN_MERGE,
	/**
	 * The final URL stays on the connector's base URL and off private addresses (R8.7).
	 */
	OUTBOUND_URL,
	/**
	 * The member and the connection are within the organisation's calls per minute
	 * (R15.2).
	 */
	RATE_LIMIT;

	public String wireName() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

}
