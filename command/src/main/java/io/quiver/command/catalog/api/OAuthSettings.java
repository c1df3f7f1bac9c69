package io.quiver.command.catalog.api;

import java.net.URI;
import java.util.List;

/**
 * How a connector's accounts are connected by OAuth (SPEC R4.5): the provider's
 * authorization and token endpoints, the scopes asked for, whether it takes PKCE and
 * where it revokes tokens (RFC 7009). An {@code http} connector declares these; an
 * {@code mcp} connector's are discovered from its server when a connection is made, so it
 * declares none.
 *
 * @param authorizationEndpoint where the member's browser is sent to consent
 * @param tokenEndpoint where a code is exchanged and tokens are refreshed
 * @param revocationEndpoint where tokens are revoked, or null when the provider offers no
 * revocation
 * @param scopes the scopes asked for (space-joined on the request)
 * @param pkce whether the provider supports PKCE (S256)
 */
public record OAuthSettings(String authorizationEndpoint, String tokenEndpoint, String revocationEndpoint,
		List<String> scopes, boolean pkce) {

	public OAuthSettings {
		requireHttpUrl("authorizationEndpoint", authorizationEndpoint);
		requireHttpUrl("tokenEndpoint", tokenEndpoint);
		if (revocationEndpoint != null) {
			requireHttpUrl("revocationEndpoint", revocationEndpoint);
		}
		scopes = (scopes != null) ? List.copyOf(scopes) : List.of();
		for (String scope : scopes) {
			if (scope == null || scope.isEmpty() || scope.chars().anyMatch((c) -> c <= ' ' || c == '"' || c == '\\')) {
				throw new IllegalArgumentException("an OAuth scope is a non-empty token without spaces or quotes");
			}
		}
	}

	/** Whether tokens can be revoked at the provider. */
	public boolean revocable() {
		return this.revocationEndpoint != null;
	}

	private static void requireHttpUrl(String what, String url) {
		URI parsed;
		try {
			parsed = (url != null) ? new URI(url) : null;
		}
		catch (java.net.URISyntaxException ex) {
			parsed = null;
		}
		if (parsed == null || parsed.getHost() == null || parsed.getRawUserInfo() != null
				|| parsed.getRawFragment() != null
				|| !("https".equals(parsed.getScheme()) || "http".equals(parsed.getScheme()))) {
			throw new IllegalArgumentException(
					"OAuth " + what + " must be an absolute http(s) URL without " + "user info or fragment");
		}
	}

}
