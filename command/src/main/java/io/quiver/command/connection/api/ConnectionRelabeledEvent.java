package io.quiver.command.connection.api;

/**
 * A connection's label changed.
 */
public record ConnectionRelabeledEvent(String orgId, String connectionId, String from, String to) {
}
