package io.quiver.command.connection.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A connection received its first grant (a reference to a secret in the vault).
 */
public record GrantStoredEvent(String orgId, String connectionId, GrantReference grant) implements OrganizationEvent {
}
