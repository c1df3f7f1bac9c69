package io.quiver.edge.telemetry;

/**
 * The timed stages of a call (SPEC R15.1): each is a span of the call's trace and a
 * {@code stage} value of {@code quiver_call_stage_seconds}.
 */
public enum Stage {

	/** The bearer token's validation (every authenticated request has it). */
	AUTHENTICATION("authentication"),

	/** Bringing this node's policy state up to date with the event store (R9). */
	CATCH_UP("catch-up"),

	/** The gates, in R7.1 order, on one snapshot of the policy state. */
	GATES("gates"),

	/** The connected tool's upstream, from the request sent to the answer read. */
	UPSTREAM("upstream"),

	/** Writing the attempt to the audit trail, until its batch has committed (R10.1). */
	TRAIL("trail");

	private final String wireName;

	Stage(String wireName) {
		this.wireName = wireName;
	}

	public String wireName() {
		return this.wireName;
	}

}
