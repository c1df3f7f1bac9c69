/**
 * Quiver as the OAuth authorization server of its own MCP endpoint (SPEC R14): Spring
 * Authorization Server and what MCP clients need beyond it (open registration of public
 * clients, Client ID Metadata Documents, refresh tokens for public clients, resource
 * indicators, the consent page), the hashed authorization store, signing keys in the
 * vault, and where members sign in. See {@code docs/sign-in.md}.
 */
package io.quiver.edge.signin;
