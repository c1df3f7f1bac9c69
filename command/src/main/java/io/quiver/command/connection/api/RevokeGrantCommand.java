package io.quiver.command.connection.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Revokes a connection's grant: its secret is erased and its tools stop working until a
 * new grant is stored.
 */
public record RevokeGrantCommand(@TargetAggregateIdentifier String connectionId, String orgId) {
}
