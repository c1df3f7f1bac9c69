/**
 * The organisation and its settings: application service, REST endpoints, MCP tools,
 * bootstrap.
 */
package io.quiver.edge.org;
