package io.quiver.command.connection.api;

/**
 * A connection received its first grant (a reference to a secret in the vault).
 */
public record GrantStoredEvent(String orgId, String connectionId, GrantReference grant) {
}
