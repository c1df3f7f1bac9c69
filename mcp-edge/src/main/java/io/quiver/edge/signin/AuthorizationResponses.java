package io.quiver.edge.signin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletResponse;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.http.MediaType;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationException;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/**
 * How the authorization endpoint answers. Every redirect back to the client carries
 * {@code iss} (RFC 9207, which SAS 1.5 does not add), so a client talking to several
 * authorization servers can tell which one answered. A refusal that cannot be redirected
 * (unknown client, unregistered redirect URI) is a 400 with an RFC 6749 error body as
 * JSON, never a redirect to an address the client did not register.
 */
final class AuthorizationResponses {

	private static final ObjectMapper JSON = new ObjectMapper();

	private final String issuer;

	AuthorizationResponses(String issuer) {
		this.issuer = issuer;
	}

	AuthenticationSuccessHandler success() {
		return (request, response, authentication) -> {
			OAuth2AuthorizationCodeRequestAuthenticationToken answer = (OAuth2AuthorizationCodeRequestAuthenticationToken) authentication;
			UriComponentsBuilder uri = UriComponentsBuilder.fromUriString(answer.getRedirectUri())
				.queryParam(OAuth2ParameterNames.CODE, answer.getAuthorizationCode().getTokenValue());
			redirect(response, uri, answer.getState());
		};
	}

	AuthenticationFailureHandler failure() {
		return (request, response, exception) -> {
			OAuth2AuthorizationCodeRequestAuthenticationToken failed = (exception instanceof OAuth2AuthorizationCodeRequestAuthenticationException refused)
					? refused.getAuthorizationCodeRequestAuthentication() : null;
			OAuth2Error error = error(exception);
			if (failed == null || failed.getRedirectUri() == null || failed.getRedirectUri().isEmpty()) {
				refuse(response, error);
				return;
			}
			UriComponentsBuilder uri = UriComponentsBuilder.fromUriString(failed.getRedirectUri())
				.queryParam(OAuth2ParameterNames.ERROR, error.getErrorCode());
			if (error.getDescription() != null) {
				uri.queryParam(OAuth2ParameterNames.ERROR_DESCRIPTION, encode(error.getDescription()));
			}
			if (error.getUri() != null) {
				uri.queryParam(OAuth2ParameterNames.ERROR_URI, encode(error.getUri()));
			}
			redirect(response, uri, failed.getState());
		};
	}

	private void redirect(HttpServletResponse response, UriComponentsBuilder uri, String state) throws IOException {
		if (state != null && !state.isEmpty()) {
			uri.queryParam(OAuth2ParameterNames.STATE, encode(state));
		}
		uri.queryParam("iss", encode(this.issuer));
		response.sendRedirect(uri.build(true).toUriString());
	}

	/** An RFC 6749 error body, 400 (or 401 for {@code invalid_client}). */
	static void refuse(HttpServletResponse response, OAuth2Error error) throws IOException {
		Map<String, String> body = new LinkedHashMap<>();
		body.put("error", error.getErrorCode());
		if (error.getDescription() != null) {
			body.put("error_description", error.getDescription());
		}
		if (error.getUri() != null) {
			body.put("error_uri", error.getUri());
		}
		response.setStatus("invalid_client".equals(error.getErrorCode()) ? 401 : 400);
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.setHeader("Cache-Control", "no-store");
		response.getOutputStream().write(JSON.writeValueAsBytes(body));
	}

	private static OAuth2Error error(AuthenticationException exception) {
		if (exception instanceof org.springframework.security.oauth2.core.OAuth2AuthenticationException oauth) {
			return oauth.getError();
		}
		return new OAuth2Error("invalid_request", "the authorization request was refused", null);
	}

	private static String encode(String value) {
		return UriUtils.encode(value, StandardCharsets.UTF_8);
	}

}
