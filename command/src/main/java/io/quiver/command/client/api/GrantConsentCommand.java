package io.quiver.command.client.api;

import java.util.List;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Records a member's consent to a client (SPEC R14.3). The edge has checked that the
 * member is active and that the scopes are within the cap of the member's role.
 */
public record GrantConsentCommand(@TargetAggregateIdentifier String consentId, String orgId, String memberId,
		String clientId, String clientName, List<String> scopes, String redirectHost) {
}
