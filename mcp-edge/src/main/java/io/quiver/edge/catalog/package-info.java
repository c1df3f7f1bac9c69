/**
 * The catalog: the application service, its REST endpoints and MCP tools, and connector
 * import.
 */
package io.quiver.edge.catalog;
