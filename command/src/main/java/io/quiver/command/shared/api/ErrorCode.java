package io.quiver.command.shared.api;

import java.io.Serializable;
import java.util.Objects;

/**
 * An error code a feature's {@code api} exposes, so every edge can map a refusal the same
 * way (REST problem detail, MCP in-band error) without knowing the feature. Each feature
 * lists its codes as constants of a {@code …ErrorCode} class; this record is the one
 * shape they share.
 *
 * @param code stable, machine-readable name, e.g. {@code member.last-owner}
 * @param kind what kind of refusal this is; decides the HTTP status at the REST edge
 */
public record ErrorCode(String code, Kind kind) implements Serializable {

	public ErrorCode {
		Objects.requireNonNull(code, "code");
		Objects.requireNonNull(kind, "kind");
	}

	public enum Kind {

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
