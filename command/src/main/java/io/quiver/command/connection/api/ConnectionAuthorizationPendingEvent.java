package io.quiver.command.connection.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A connection on an OAuth connector was created without a grant: it is
 * {@code pending-authorization} until its owner consents at the provider and the callback
 * stores the tokens (a {@link GrantStoredEvent}). Carries no token, no state, no code.
 */
public record ConnectionAuthorizationPendingEvent(String orgId, String connectionId) implements OrganizationEvent {
}
