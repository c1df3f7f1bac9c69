package io.quiver.query.connection.api;

/**
 * One live connection of an organisation, by id or label.
 */
public record FindConnectionQuery(String orgId, String connection) {
}
