package io.quiver.query.client.api;

/**
 * The organisation's identity provider, or null.
 */
public record FindIdentityProviderQuery(String orgId) {
}
