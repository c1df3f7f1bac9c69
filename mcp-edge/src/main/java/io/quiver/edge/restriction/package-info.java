/**
 * Restrictions and compliance replay: application services, REST endpoints and MCP tools.
 */
package io.quiver.edge.restriction;
