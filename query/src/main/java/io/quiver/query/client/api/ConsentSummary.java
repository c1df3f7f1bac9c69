package io.quiver.query.client.api;

import java.util.List;

/**
 * A member's consent to a client, as the clients page lists it.
 *
 * @param consentId the consent id
 * @param memberId the member
 * @param clientId the client
 * @param clientName its display name when consented
 * @param scopes the scopes granted
 * @param redirectHost the host the code went to
 * @param grantedAt when (ISO-8601)
 * @param revokedAt when it was revoked, or null
 * @param revokedWhy why, or null
 */
public record ConsentSummary(String consentId, String memberId, String clientId, String clientName, List<String> scopes,
		String redirectHost, String grantedAt, String revokedAt, String revokedWhy) {
}
