package io.quiver.query.catalog.api;

import io.quiver.command.catalog.api.ConnectorDefinition;

/**
 * A registered connector and when it was registered.
 */
public record CustomConnectorSummary(ConnectorDefinition connector, String registeredAt) {
}
