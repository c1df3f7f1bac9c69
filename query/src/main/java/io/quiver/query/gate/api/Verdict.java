package io.quiver.query.gate.api;

import java.util.Objects;

/**
 * What a gate decided about one call or one tool: allowed, or denied by a named gate with
 * a reason a model can act on (SPEC R7.5).
 *
 * @param allowed whether the gate lets the call through
 * @param gate the gate that decided
 * @param reason for a denial, what happened and what to do; for an allowance, may be null
 */
public record Verdict(boolean allowed, Gate gate, String reason) {

	public Verdict {
		Objects.requireNonNull(gate, "gate");
		if (!allowed && (reason == null || reason.isBlank())) {
			throw new IllegalArgumentException("a denial needs a reason");
		}
	}

	public static Verdict allow(Gate gate) {
		return new Verdict(true, gate, null);
	}

	public static Verdict deny(Gate gate, String reason) {
		return new Verdict(false, gate, reason);
	}

	public boolean denied() {
		return !this.allowed;
	}

}
