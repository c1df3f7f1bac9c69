package io.quiver.command.connection.api;

/**
 * A connection's grant was replaced; the previous secret is erased.
 */
public record GrantRotatedEvent(String orgId, String connectionId, String previousVaultRef, GrantReference grant) {
}
