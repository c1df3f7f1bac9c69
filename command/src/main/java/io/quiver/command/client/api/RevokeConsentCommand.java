package io.quiver.command.client.api;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Ends a consent of the organisation; revoking a revoked consent changes nothing.
 */
public record RevokeConsentCommand(@TargetAggregateIdentifier String consentId, String orgId,
		ConsentRevocation reason) {
}
