/**
 * Quiver as an OAuth client of the providers its connections reach (SPEC R4.5): the
 * authorizations in flight ({@code state}, PKCE), the token endpoint (code exchange,
 * refresh, revocation) through the outbound guard, and refreshing a grant ahead of its
 * expiry once across nodes. Uses Nimbus OAuth 2.0 SDK's request and response classes;
 * sends with the JDK HTTP client, never following a redirect.
 */
package io.quiver.edge.oauth;
