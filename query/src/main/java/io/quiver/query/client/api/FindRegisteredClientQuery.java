package io.quiver.query.client.api;

/**
 * The registered client of this id, or null.
 */
public record FindRegisteredClientQuery(String clientId) {
}
