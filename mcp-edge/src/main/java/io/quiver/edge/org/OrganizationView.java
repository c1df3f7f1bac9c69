package io.quiver.edge.org;

import java.util.List;
import java.util.Map;

/**
 * An organisation and its settings.
 *
 * @param orgId the organisation id
 * @param name its name
 * @param collapseThreshold the surface collapses above this many tools (SPEC R5.3)
 * @param outboundTimeoutMillis bound on one upstream call
 * @param outboundMaxResponseBytes bound on one upstream response
 * @param members members, removed ones excluded
 * @param connections live connections
 * @param toolboxes toolboxes
 * @param restrictions restrictions
 * @param scopeCaps per role, the scopes its members may use through AI clients (roles not
 * named have no cap)
 * @param callsPerMinutePerMember calls one member may make per minute (0: no limit)
 * @param callsPerMinutePerConnection calls that may reach one connection per minute (0:
 * no limit)
 */
public record OrganizationView(String orgId, String name, int collapseThreshold, int outboundTimeoutMillis,
		int outboundMaxResponseBytes, int members, int connections, int toolboxes, int restrictions,
		Map<String, List<String>> scopeCaps, int callsPerMinutePerMember, int callsPerMinutePerConnection) {
}
