package io.quiver.query.restriction.api;

/**
 * Restriction changes of an organisation between two instants (inclusive, ISO-8601, null
 * for open), optionally of one target, oldest first.
 */
public record FindRestrictionHistoryQuery(String orgId, String target, String from, String to, int limit) {
}
