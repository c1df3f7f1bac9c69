package io.quiver.edge.catalog;

/**
 * A connector as the catalog browser lists it.
 *
 * @param id connector id
 * @param label display label
 * @param kind {@code HTTP} or {@code MCP}
 * @param description what the application is
 * @param baseUrl the base URL (http) or server URL (mcp)
 * @param operations how many operations it offers (for MCP connectors, imported per
 * connection)
 * @param curated whether it ships with Quiver (otherwise an admin registered it)
 * @param allowPrivateNetwork whether it may reach private addresses
 * @param oauth whether it declares an OAuth provider (SPEC R4.5): its accounts connect by
 * OAuth
 */
public record CatalogEntry(String id, String label, String kind, String description, String baseUrl, int operations,
		boolean curated, boolean allowPrivateNetwork, boolean oauth) {
}
