package io.quiver.query.catalog.api;

/**
 * The connectors an organisation registered at run time.
 */
public record FindCustomConnectorsQuery(String orgId) {
}
