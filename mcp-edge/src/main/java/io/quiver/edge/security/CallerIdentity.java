package io.quiver.edge.security;

import java.util.Set;

import io.quiver.query.access.Scope;

/**
 * What a validated token says about its bearer: organisation, subject and scopes (SPEC
 * R2.1), and for a token of the embedded authorization server the client and the consent
 * it was issued under (R14.3). Whether the subject is a member, with which role, and
 * whether the consent is still live, is looked up per request.
 *
 * @param orgId the organisation
 * @param subject the subject
 * @param scopes the scopes the token grants
 * @param clientId the client the token was issued to, or null
 * @param consentId the consent (token family) it was issued under, or null
 */
public record CallerIdentity(String orgId, String subject, Set<Scope> scopes, String clientId, String consentId) {

	public CallerIdentity(String orgId, String subject, Set<Scope> scopes) {
		this(orgId, subject, scopes, null, null);
	}

}
