package io.quiver.query.client.api;

import java.util.List;

/**
 * An organisation's OIDC identity provider, its secret as a vault ref.
 *
 * @param orgId the organisation
 * @param issuer the issuer
 * @param clientId Quiver's client id there
 * @param clientSecretRef the vault ref of the secret
 * @param subjectClaim the claim naming the subject
 * @param allowedEmailDomains the e-mail domains allowed, or empty for any
 * @param configuredAt when it was set
 */
public record IdentityProviderView(String orgId, String issuer, String clientId, String clientSecretRef,
		String subjectClaim, List<String> allowedEmailDomains, String configuredAt) {
}
