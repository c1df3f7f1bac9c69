package io.quiver.command.organization.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Creates an organisation with default settings.
 */
public record CreateOrganizationCommand(@TargetAggregateIdentifier String orgId, String name) {
}
