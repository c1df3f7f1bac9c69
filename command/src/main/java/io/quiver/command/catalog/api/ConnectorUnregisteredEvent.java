package io.quiver.command.catalog.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * An admin removed a custom connector from the organisation's catalog.
 */
public record ConnectorUnregisteredEvent(String orgId, String connectorId) implements OrganizationEvent {
}
