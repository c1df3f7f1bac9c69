package io.quiver.query.connection.api;

/**
 * The live connections of an organisation, optionally of one owner.
 */
public record FindConnectionsQuery(String orgId, String ownerMemberId) {
}
