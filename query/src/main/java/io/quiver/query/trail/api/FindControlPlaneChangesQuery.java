package io.quiver.query.trail.api;

/**
 * Control-plane changes of an organisation between two instants (inclusive, stored form,
 * null for open), oldest first, after a cursor: the {@code at} and {@code eventId} of the
 * last entry seen, written {@code at|eventId}.
 */
public record FindControlPlaneChangesQuery(String orgId, String from, String to, String cursor, int limit) {
}
