package io.quiver.command.catalog.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * An admin registered a custom connector in the organisation's catalog.
 */
public record ConnectorRegisteredEvent(String orgId, ConnectorDefinition connector) implements OrganizationEvent {
}
