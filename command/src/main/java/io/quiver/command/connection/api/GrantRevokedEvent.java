package io.quiver.command.connection.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A connection's grant was revoked; its secret is erased.
 */
public record GrantRevokedEvent(String orgId, String connectionId, String vaultRef) implements OrganizationEvent {
}
