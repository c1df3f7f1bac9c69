package io.quiver.query.restriction.api;

/**
 * One restriction of an organisation.
 */
public record FindRestrictionQuery(String orgId, String restrictionId) {
}
