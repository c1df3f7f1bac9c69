/**
 * The MCP transport (Streamable HTTP, JSON-RPC) and the control-plane tools' definitions
 * (SPEC R12, R13).
 */
package io.quiver.edge.mcp;
