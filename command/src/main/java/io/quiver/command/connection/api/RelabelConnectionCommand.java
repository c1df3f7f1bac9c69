package io.quiver.command.connection.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Gives a connection a new label, unique in the organisation.
 */
public record RelabelConnectionCommand(@TargetAggregateIdentifier String connectionId, String orgId, String label) {
}
