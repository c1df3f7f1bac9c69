package io.quiver.command.organization.api;

/**
 * Limits on every outbound call an organisation's connected tools make.
 *
 * @param timeoutMillis bound on one upstream call, connect to last byte
 * @param maxResponseBytes bound on one upstream response body
 */
public record OutboundPolicy(int timeoutMillis, int maxResponseBytes) {

	public static final OutboundPolicy DEFAULT = new OutboundPolicy(30_000, 1_048_576);

	public OutboundPolicy {
		if (timeoutMillis < 100 || timeoutMillis > 300_000) {
			throw new IllegalArgumentException("timeoutMillis must be between 100 and 300000");
		}
		if (maxResponseBytes < 1024 || maxResponseBytes > 67_108_864) {
			throw new IllegalArgumentException("maxResponseBytes must be between 1024 and 67108864");
		}
	}

}
