package io.quiver.command.organization.api;

import java.util.List;
import java.util.Map;

import io.quiver.command.member.api.Role;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Changes an organisation's settings; a null field keeps its current value.
 */
public record ChangeOrganizationSettingsCommand(@TargetAggregateIdentifier String orgId, Integer collapseThreshold,
		OutboundPolicy outbound, Map<Role, List<String>> scopeCaps, Integer callsPerMinutePerMember,
		Integer callsPerMinutePerConnection) {

	public ChangeOrganizationSettingsCommand(String orgId, Integer collapseThreshold, OutboundPolicy outbound) {
		this(orgId, collapseThreshold, outbound, null, null, null);
	}

}
