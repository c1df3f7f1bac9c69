package io.quiver.edge.mcp;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Limits of the long-lived notification streams of {@code /mcp} (SPEC R12.6), under
 * {@code quiver.mcp.streams.*}.
 *
 * @param heartbeat how often an idle stream carries an SSE comment, so that proxies and
 * clients keep it open and a vanished client is noticed
 * @param maxPerMember open streams one member may hold on one node; opening one more
 * closes that member's oldest
 */
@ConfigurationProperties("quiver.mcp.streams")
public record McpStreamSettings(Duration heartbeat, int maxPerMember) {

	public McpStreamSettings {
		heartbeat = (heartbeat != null && !heartbeat.isNegative() && !heartbeat.isZero()) ? heartbeat
				: Duration.ofSeconds(25);
		maxPerMember = (maxPerMember > 0) ? maxPerMember : 16;
	}

}
