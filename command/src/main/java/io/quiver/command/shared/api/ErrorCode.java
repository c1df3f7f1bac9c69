package io.quiver.command.shared.api;

/**
 * An error code a feature's {@code api} exposes, so every edge can map a refusal the same
 * way (REST problem detail, MCP in-band error) without knowing the feature.
 */
public interface ErrorCode {

	/** Stable, machine-readable name, e.g. {@code member.last-owner}. */
	String code();

	/** What kind of refusal this is; decides the HTTP status at the REST edge. */
	Kind kind();

	enum Kind {

		/** The input is malformed or names something that cannot exist. */
		INVALID,
		/** The referenced thing does not exist (in the caller's organisation). */
		NOT_FOUND,
		/** The input is well formed but conflicts with the current state. */
		CONFLICT,
		/** The caller may not do this. */
		FORBIDDEN

	}

}
