package io.quiver.query.gate.api;

import java.time.Duration;

/**
 * A REST request over its member's calls per minute (SPEC R15.2): answered 429 with
 * {@code Retry-After}; a {@code tools/call} over budget is answered in band instead.
 */
public class RateLimitedException extends RuntimeException {

	private final long retryAfterSeconds;

	public RateLimitedException(String message, Duration wait) {
		super(message);
		this.retryAfterSeconds = Math.max(1, (wait.toMillis() + 999) / 1000);
	}

	/** Whole seconds until the budget has room again, at least 1. */
	public long retryAfterSeconds() {
		return this.retryAfterSeconds;
	}

}
