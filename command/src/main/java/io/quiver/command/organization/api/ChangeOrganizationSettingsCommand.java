package io.quiver.command.organization.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Changes an organisation's settings; a null field keeps its current value.
 */
public record ChangeOrganizationSettingsCommand(@TargetAggregateIdentifier String orgId, Integer collapseThreshold,
		OutboundPolicy outbound) {
}
