package io.quiver.edge.signin;

import java.util.Set;
import java.util.function.Consumer;

import io.quiver.command.client.api.RedirectUris;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationContext;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationException;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;

/**
 * Checks an authorization request beyond SAS's grant-type and PKCE checks (which accept
 * {@code S256} only and require a challenge of every client here):
 * <ul>
 * <li>{@code redirect_uri} is required and must match a registered one exactly, or for a
 * loopback URI ({@code 127.0.0.1}, {@code [::1]}, {@code localhost}) on any port (RFC
 * 8252 §7.3; SAS's own check knows no {@code localhost}). A mismatch is answered with
 * 400, never redirected;</li>
 * <li>the scopes asked for are MCP scopes;</li>
 * <li>{@code resource} (RFC 8707) is required and must be this server's MCP resource,
 * {@code {public-url}/mcp}: the token's audience is bound to it ({@code invalid_target}
 * otherwise).</li>
 * </ul>
 */
final class AuthorizationRequests implements Consumer<OAuth2AuthorizationCodeRequestAuthenticationContext> {

	static final String RESOURCE = "resource";

	static final String INVALID_TARGET = "invalid_target";

	private static final String RFC6749 = "https://datatracker.ietf.org/doc/html/rfc6749#section-4.1.2.1";

	private static final String RFC8707 = "https://datatracker.ietf.org/doc/html/rfc8707#section-2";

	private final String resource;

	AuthorizationRequests(String resource) {
		this.resource = resource;
	}

	@Override
	public void accept(OAuth2AuthorizationCodeRequestAuthenticationContext context) {
		OAuth2AuthorizationCodeRequestAuthenticationToken request = context.getAuthentication();
		RegisteredClient client = context.getRegisteredClient();
		String redirectUri = request.getRedirectUri();
		if (redirectUri == null || redirectUri.isEmpty()
				|| client.getRedirectUris()
					.stream()
					.noneMatch((registered) -> RedirectUris.matches(registered, redirectUri))) {
			throw error(request, null, OAuth2ErrorCodes.INVALID_REQUEST,
					"redirect_uri is missing or not one this client registered", RFC6749);
		}
		Set<String> scopes = request.getScopes();
		if (!client.getScopes().containsAll(scopes)) {
			throw error(request, redirectUri, OAuth2ErrorCodes.INVALID_SCOPE,
					"scope may name only " + String.join(", ", client.getScopes()), RFC6749);
		}
		Object asked = request.getAdditionalParameters().get(RESOURCE);
		if (!(asked instanceof String target) || !this.resource.equals(target)) {
			throw error(request, redirectUri, INVALID_TARGET,
					"resource is required and must be " + this.resource + " (RFC 8707)", RFC8707);
		}
	}

	private static OAuth2AuthorizationCodeRequestAuthenticationException error(
			OAuth2AuthorizationCodeRequestAuthenticationToken request, String redirectUri, String code,
			String description, String uri) {
		OAuth2AuthorizationCodeRequestAuthenticationToken result = new OAuth2AuthorizationCodeRequestAuthenticationToken(
				request.getAuthorizationUri(), request.getClientId(), (Authentication) request.getPrincipal(),
				redirectUri, request.getState(), request.getScopes(), request.getAdditionalParameters());
		result.setAuthenticated(true);
		return new OAuth2AuthorizationCodeRequestAuthenticationException(new OAuth2Error(code, description, uri),
				result);
	}

}
