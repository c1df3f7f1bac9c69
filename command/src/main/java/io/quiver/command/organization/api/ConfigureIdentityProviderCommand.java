package io.quiver.command.organization.api;

import java.util.List;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Sets the organisation's OIDC identity provider (SPEC R14.4); the secret is already in
 * the vault.
 */
public record ConfigureIdentityProviderCommand(@TargetAggregateIdentifier String orgId, String issuer, String clientId,
		String clientSecretRef, String subjectClaim, List<String> allowedEmailDomains) {
}
