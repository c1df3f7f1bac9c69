package io.quiver.edge.signin;

import java.util.HashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.core.endpoint.PkceParameterNames;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * Client authentication of public clients beyond the code exchange. Spring Authorization
 * Server 1.5 authenticates a public client ({@code none}) only on a token request that
 * carries a PKCE {@code code_verifier}; MCP clients are public and also refresh their
 * tokens and revoke them (RFC 7009), with nothing but their {@code client_id}. This
 * converter recognises those two requests (a {@code refresh_token} grant, a revocation)
 * when they carry a {@code client_id} and no secret, and the provider authenticates them
 * when the client is registered as public.
 * <p>
 * A code exchange without a {@code code_verifier} is refused here with
 * {@code invalid_grant} (RFC 7636 §4.6) instead of SAS's generic {@code invalid_client}.
 */
final class PublicClients {

	private static final String PKCE_ERROR_URI = "https://datatracker.ietf.org/doc/html/rfc7636#section-4.6";

	private PublicClients() {
	}

	static AuthenticationConverter converter(String revocationPath) {
		return (request) -> {
			if (!"POST".equals(request.getMethod()) || request.getHeader(HttpHeaders.AUTHORIZATION) != null
					|| request.getParameter(OAuth2ParameterNames.CLIENT_SECRET) != null
					|| request.getParameter(OAuth2ParameterNames.CLIENT_ASSERTION) != null) {
				return null;
			}
			String clientId = single(request, OAuth2ParameterNames.CLIENT_ID);
			if (clientId == null) {
				return null;
			}
			String grantType = request.getParameter(OAuth2ParameterNames.GRANT_TYPE);
			boolean revocation = request.getRequestURI().equals(revocationPath);
			if ("authorization_code".equals(grantType)
					&& request.getParameter(PkceParameterNames.CODE_VERIFIER) == null) {
				throw new OAuth2AuthenticationException(new OAuth2Error(OAuth2ErrorCodes.INVALID_GRANT,
						"code_verifier is required: this server accepts PKCE S256 only", PKCE_ERROR_URI));
			}
			if (!revocation && !"refresh_token".equals(grantType)) {
				return null;
			}
			Map<String, Object> additional = new HashMap<>();
			request.getParameterMap().forEach((key, values) -> {
				if (!key.equals(OAuth2ParameterNames.CLIENT_ID)) {
					additional.put(key, (values.length == 1) ? values[0] : values);
				}
			});
			return new OAuth2ClientAuthenticationToken(clientId, ClientAuthenticationMethod.NONE, null, additional);
		};
	}

	static AuthenticationProvider provider(RegisteredClientRepository clients) {
		return new AuthenticationProvider() {
			@Override
			public Authentication authenticate(Authentication authentication) {
				OAuth2ClientAuthenticationToken token = (OAuth2ClientAuthenticationToken) authentication;
				if (!ClientAuthenticationMethod.NONE.equals(token.getClientAuthenticationMethod())
						|| token.getAdditionalParameters().containsKey(PkceParameterNames.CODE_VERIFIER)) {
					// the code exchange is SAS's own PublicClientAuthenticationProvider's
					return null;
				}
				RegisteredClient client = clients.findByClientId(token.getPrincipal().toString());
				if (client == null
						|| !client.getClientAuthenticationMethods().contains(ClientAuthenticationMethod.NONE)) {
					throw new OAuth2AuthenticationException(new OAuth2Error(OAuth2ErrorCodes.INVALID_CLIENT,
							"Client authentication failed: unknown client_id", null));
				}
				return new OAuth2ClientAuthenticationToken(client, ClientAuthenticationMethod.NONE, null);
			}

			@Override
			public boolean supports(Class<?> authentication) {
				return OAuth2ClientAuthenticationToken.class.isAssignableFrom(authentication);
			}
		};
	}

	private static String single(HttpServletRequest request, String name) {
		String[] values = request.getParameterValues(name);
		return (values != null && values.length == 1 && !values[0].isEmpty()) ? values[0] : null;
	}

}
