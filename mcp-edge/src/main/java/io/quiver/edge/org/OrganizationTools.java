package io.quiver.edge.org;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quiver.command.organization.api.OrganizationSettings;
import io.quiver.edge.tool.Arguments;
import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneToolset;
import io.quiver.edge.tool.ToolSchema;
import org.springframework.stereotype.Component;

import static io.quiver.query.access.ControlPlaneOperation.ORG_GET;
import static io.quiver.query.access.ControlPlaneOperation.ORG_UPDATE_SETTINGS;

/**
 * {@code quiver__org__*}: the MCP side of SPEC R13 {@code org}.
 */
@Component
class OrganizationTools implements ControlPlaneToolset {

	private final OrganizationService organizations;

	OrganizationTools(OrganizationService organizations) {
		this.organizations = organizations;
	}

	@Override
	public List<ControlPlaneTool> tools() {
		return List.of(
				new ControlPlaneTool(ORG_GET, "Get the organisation",
						"Your organisation: name, settings (collapse threshold, outbound limits) and counts.",
						ToolSchema.object().build(), (caller, args) -> this.organizations.get(caller)),
				new ControlPlaneTool(ORG_UPDATE_SETTINGS, "Update organisation settings",
						"Change settings: collapseThreshold (the tool list collapses behind search_tools and "
								+ "execute_tool above this many tools; default 30), limits on outbound calls, and "
								+ "rate limits: callsPerMinutePerMember and callsPerMinutePerConnection (0: none).",
						ToolSchema.object()
							.integer("collapseThreshold", "Collapse above this many tools (0-10000).", 0, 10_000, false)
							.integer("outboundTimeoutMillis", "Bound on one upstream call (100-300000 ms).", 100,
									300_000, false)
							.integer("outboundMaxResponseBytes", "Bound on one upstream response (1 KiB - 64 MiB).",
									1024, 67_108_864, false)
							.freeObject("scopeCaps",
									"Per role (OWNER, ADMIN, MEMBER, ...), the scopes its members may use through AI "
											+ "clients, e.g. {\"MEMBER\": [\"mcp:read\", \"mcp:tools\"]}; replaces "
											+ "the caps whole; a role left out has no cap.",
									false)
							.integer("callsPerMinutePerMember",
									"The most tools/call one member may make per minute, all nodes together "
											+ "(0: no limit).",
									0, OrganizationSettings.MAX_CALLS_PER_MINUTE, false)
							.integer("callsPerMinutePerConnection",
									"The most calls that may reach one connection per minute (0: no limit).", 0,
									OrganizationSettings.MAX_CALLS_PER_MINUTE, false)
							.build(),
						(caller, args) -> this.organizations.updateSettings(caller,
								new SettingsChange(Arguments.optionalInteger(args, "collapseThreshold"),
										Arguments.optionalInteger(args, "outboundTimeoutMillis"),
										Arguments.optionalInteger(args, "outboundMaxResponseBytes"), scopeCaps(args),
										Arguments.optionalInteger(args, "callsPerMinutePerMember"),
										Arguments.optionalInteger(args, "callsPerMinutePerConnection")))));
	}

	private static Map<String, List<String>> scopeCaps(ObjectNode args) {
		ObjectNode caps = Arguments.object(args, "scopeCaps");
		if (caps == null) {
			return null;
		}
		Map<String, List<String>> parsed = new LinkedHashMap<>();
		caps.fieldNames().forEachRemaining((role) -> parsed.put(role, Arguments.strings(caps, role)));
		return parsed;
	}

}
