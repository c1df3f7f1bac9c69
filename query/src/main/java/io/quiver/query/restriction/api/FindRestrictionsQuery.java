package io.quiver.query.restriction.api;

/**
 * The restrictions of an organisation, optionally of one target (role:X or user:Y).
 */
public record FindRestrictionsQuery(String orgId, String target) {
}
