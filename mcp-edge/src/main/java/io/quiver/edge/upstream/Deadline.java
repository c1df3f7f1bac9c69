package io.quiver.edge.upstream;

import java.time.Duration;

/**
 * The end of one upstream call's time budget (the organisation's {@code timeoutMillis}),
 * shared by every request the call makes: redirects, an MCP re-initialisation and its
 * retry.
 */
record Deadline(long expiresAtNanos, int budgetMillis) {

	static Deadline in(int millis) {
		return new Deadline(System.nanoTime() + millis * 1_000_000L, millis);
	}

	long remainingNanos() {
		return this.expiresAtNanos - System.nanoTime();
	}

	/** What is left, at least one millisecond so that a request can be built with it. */
	Duration remaining() {
		return Duration.ofNanos(Math.max(1_000_000L, remainingNanos()));
	}

	boolean expired() {
		return remainingNanos() <= 0;
	}

}
