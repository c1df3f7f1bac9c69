package io.quiver.command.connection.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Stores a grant on a connection, replacing (rotating) any grant it had.
 */
public record StoreGrantCommand(@TargetAggregateIdentifier String connectionId, String orgId, GrantReference grant) {
}
