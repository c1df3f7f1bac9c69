package io.quiver.command.connection.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Deletes a connection and erases its secret.
 */
public record DeleteConnectionCommand(@TargetAggregateIdentifier String connectionId, String orgId) {
}
