package io.quiver.command.catalog.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Removes a custom connector from an organisation's catalog.
 */
public record UnregisterConnectorCommand(@TargetAggregateIdentifier String orgId, String connectorId) {
}
