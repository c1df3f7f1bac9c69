/**
 * Who is calling: token validation, Protected Resource Metadata, the local issuer,
 * request guards, and the mapping of a token to a member for the MCP endpoint and the
 * REST API (SPEC R2, R12.2, R12.3).
 */
package io.quiver.edge.security;
