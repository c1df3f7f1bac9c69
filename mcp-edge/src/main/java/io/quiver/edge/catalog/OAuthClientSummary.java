package io.quiver.edge.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A connector's OAuth client as setting it answers; never the secret.
 *
 * @param redirectUri Quiver's redirect URI, to register at the provider; absent when the
 * public URL cannot receive codes (neither https nor loopback)
 * @param confidential whether a client secret is stored (in the vault)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OAuthClientSummary(String connector, String clientId, boolean confidential, String redirectUri) {
}
