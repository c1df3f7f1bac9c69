package io.quiver.command.connection.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Marks a connection's OAuth grant {@code reauthorization-needed} after a refresh failed.
 * Applies only while the connection still holds the grant of that fingerprint, so a node
 * that failed on a grant already replaced changes nothing.
 */
public record MarkReauthorizationNeededCommand(@TargetAggregateIdentifier String connectionId, String orgId,
		String grantFingerprint, String reason) {
}
