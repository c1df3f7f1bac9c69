package io.quiver.command.client.api;

import java.util.List;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A member consented on the consent page to a client acting for them with these scopes
 * (SPEC R14.3). One consent per completed authorization: its refresh tokens form one
 * family, and revoking the consent ends every token of it.
 *
 * @param orgId the member's organisation
 * @param consentId the consent (and token family) id
 * @param memberId the member who consented
 * @param clientId the client
 * @param clientName the client's display name when it was consented to
 * @param scopes the scopes granted, wire names, sorted
 * @param redirectHost the host the authorization code was sent to
 */
public record ConsentGrantedEvent(String orgId, String consentId, String memberId, String clientId, String clientName,
		List<String> scopes, String redirectHost) implements OrganizationEvent {

	public ConsentGrantedEvent {
		scopes = List.copyOf(scopes);
	}

}
