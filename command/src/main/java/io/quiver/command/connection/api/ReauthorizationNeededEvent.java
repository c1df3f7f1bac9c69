package io.quiver.command.connection.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A connection's OAuth grant could not be refreshed (the provider refused the refresh
 * token, or revoked the grant): the connection is {@code reauthorization-needed} until
 * its owner reconnects, which stores a new grant (a {@link GrantRotatedEvent}). Carries
 * the grant's fingerprint and the provider's error code, never a token.
 *
 * @param grantFingerprint the fingerprint of the grant that failed
 * @param reason why, in words (the provider's OAuth error code, no token)
 */
public record ReauthorizationNeededEvent(String orgId, String connectionId, String grantFingerprint,
		String reason) implements OrganizationEvent {
}
