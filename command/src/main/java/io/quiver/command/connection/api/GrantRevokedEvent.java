package io.quiver.command.connection.api;

/**
 * A connection's grant was revoked; its secret is erased.
 */
public record GrantRevokedEvent(String orgId, String connectionId, String vaultRef) {
}
