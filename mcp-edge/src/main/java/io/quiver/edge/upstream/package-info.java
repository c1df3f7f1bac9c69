/**
 * Upstream execution behind all gates: HTTP connector operations and upstream MCP tools,
 * with bounded, redacted, in-band results (SPEC R7.6, R7.7, R8.7).
 */
package io.quiver.edge.upstream;
