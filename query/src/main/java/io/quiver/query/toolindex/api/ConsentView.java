package io.quiver.query.toolindex.api;

import java.util.Set;

/**
 * A member's consent to a client as the live policy state knows it (SPEC R14.3, R9): a
 * token issued from a consent is honoured only while the consent is live.
 *
 * @param consentId the consent (token family) id
 * @param memberId the member who consented
 * @param clientId the client
 * @param scopes the scopes granted, wire names
 * @param revoked whether it was revoked
 */
public record ConsentView(String consentId, String memberId, String clientId, Set<String> scopes, boolean revoked) {

	public ConsentView {
		scopes = Set.copyOf(scopes);
	}

}
