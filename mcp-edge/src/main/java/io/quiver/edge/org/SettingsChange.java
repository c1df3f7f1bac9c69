package io.quiver.edge.org;

import java.util.List;
import java.util.Map;

/**
 * A change of an organisation's settings, from the REST API, the MCP tool or the console;
 * a null field keeps its value.
 *
 * @param scopeCaps role names to the scopes its members may use through AI clients (SPEC
 * R14.3); replaces the caps whole, and a role left out has no cap
 * @param callsPerMinutePerMember calls one member may make per minute, across all nodes
 * (SPEC R15.2); 0 is no limit
 * @param callsPerMinutePerConnection calls that may reach one connection per minute; 0 is
 * no limit
 */
public record SettingsChange(Integer collapseThreshold, Integer outboundTimeoutMillis, Integer outboundMaxResponseBytes,
		Map<String, List<String>> scopeCaps, Integer callsPerMinutePerMember, Integer callsPerMinutePerConnection) {

	boolean empty() {
		return this.collapseThreshold == null && this.outboundTimeoutMillis == null
				&& this.outboundMaxResponseBytes == null && this.scopeCaps == null
				&& this.callsPerMinutePerMember == null && this.callsPerMinutePerConnection == null;
	}

}
