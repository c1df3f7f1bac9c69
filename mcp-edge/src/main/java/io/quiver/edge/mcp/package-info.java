/**
 * The MCP transport (Streamable HTTP, JSON-RPC) and the rendering of a caller's surface
 * as tool definitions (SPEC R5.3, R5.6, R12).
 */
package io.quiver.edge.mcp;
