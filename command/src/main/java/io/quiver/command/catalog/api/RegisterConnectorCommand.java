package io.quiver.command.catalog.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Registers a custom connector in an organisation's catalog (SPEC R4.1).
 */
public record RegisterConnectorCommand(@TargetAggregateIdentifier String orgId, ConnectorDefinition connector) {
}
