package io.quiver.edge.client;

import java.util.List;

/**
 * A connected AI client: one consent of a member to a client.
 *
 * @param consentId the consent (revoke it by this id)
 * @param clientId the client's id (issued, or its metadata document's URL)
 * @param clientName its display name
 * @param memberId the member who connected it
 * @param member that member's subject
 * @param scopes the scopes granted
 * @param redirectHost where the sign-in code went
 * @param since when it was connected
 * @param lastUsed when it last got a token, or null
 */
public record ConnectedClientView(String consentId, String clientId, String clientName, String memberId, String member,
		List<String> scopes, String redirectHost, String since, String lastUsed) {
}
