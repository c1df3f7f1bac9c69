package io.quiver.command.organization.api;

import java.util.List;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * An organisation set the OIDC identity provider its members sign in with (SPEC R14.4).
 * The client secret is in the vault; the event carries its reference only.
 *
 * @param orgId the organisation
 * @param issuer the provider's issuer (its discovery document is under it)
 * @param clientId Quiver's client id at the provider
 * @param clientSecretRef the vault ref of Quiver's client secret there
 * @param subjectClaim the ID token claim that names the member's subject
 * @param allowedEmailDomains when not empty, only ID tokens with an e-mail of one of
 * these domains sign in
 */
public record IdentityProviderConfiguredEvent(String orgId, String issuer, String clientId, String clientSecretRef,
		String subjectClaim, List<String> allowedEmailDomains) implements OrganizationEvent {

	public IdentityProviderConfiguredEvent {
		allowedEmailDomains = (allowedEmailDomains != null) ? List.copyOf(allowedEmailDomains) : List.of();
	}

}
