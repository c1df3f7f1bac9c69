package io.quiver.command.client.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A consent ended: its tokens fail on the next request and its refresh tokens are refused
 * (SPEC R14.3, R14.5, R9).
 *
 * @param orgId the organisation
 * @param consentId the consent
 * @param memberId the member who had consented
 * @param clientId the client
 * @param reason why
 */
public record ConsentRevokedEvent(String orgId, String consentId, String memberId, String clientId,
		ConsentRevocation reason) implements OrganizationEvent {
}
