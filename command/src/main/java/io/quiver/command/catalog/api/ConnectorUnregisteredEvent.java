package io.quiver.command.catalog.api;

/**
 * An admin removed a custom connector from the organisation's catalog.
 */
public record ConnectorUnregisteredEvent(String orgId, String connectorId) {
}
