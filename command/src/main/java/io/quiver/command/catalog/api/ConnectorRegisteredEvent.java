package io.quiver.command.catalog.api;

/**
 * An admin registered a custom connector in the organisation's catalog.
 */
public record ConnectorRegisteredEvent(String orgId, ConnectorDefinition connector) {
}
