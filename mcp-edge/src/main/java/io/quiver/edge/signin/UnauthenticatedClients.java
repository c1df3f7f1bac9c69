package io.quiver.edge.signin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * What the authorization server answers a request it cannot authenticate. Only the pages
 * a person opens in a browser (the authorization endpoint, the consent page, the device
 * verification page) send the browser to the sign-in; every endpoint a client calls
 * (token, introspection, device authorization, PAR, user info) answers the OAuth error in
 * JSON, 401 {@code invalid_client} (RFC 6749 §5.2) or, for the user info endpoint, 401
 * {@code invalid_token} with a Bearer challenge (RFC 6750 §3): a client library parses
 * those, and cannot parse an HTML sign-in page.
 */
final class UnauthenticatedClients implements AuthenticationEntryPoint {

	private static final String INVALID_CLIENT = "{\"error\":\"invalid_client\",\"error_description\":\"the client "
			+ "is not authenticated: a public client sends its client_id with the request, for the grants "
			+ "authorization_code and refresh_token only\"}";

	private static final String INVALID_TOKEN = "{\"error\":\"invalid_token\",\"error_description\":\"this "
			+ "endpoint takes an access token of this server as a Bearer header\"}";

	private final RequestMatcher browserPages;

	private final RequestMatcher bearerEndpoints;

	private final AuthenticationEntryPoint signIn;

	/**
	 * @param browserPages the requests a person makes in a browser, sent to the sign-in
	 * @param bearerEndpoints the requests authenticated by an access token (user info)
	 * @param signIn the sign-in page's path
	 */
	UnauthenticatedClients(RequestMatcher browserPages, RequestMatcher bearerEndpoints, String signIn) {
		this.browserPages = browserPages;
		this.bearerEndpoints = bearerEndpoints;
		this.signIn = new LoginUrlAuthenticationEntryPoint(signIn);
	}

	@Override
	public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException ex)
			throws IOException, jakarta.servlet.ServletException {
		if (this.browserPages.matches(request)) {
			this.signIn.commence(request, response, ex);
			return;
		}
		boolean bearer = this.bearerEndpoints.matches(request);
		response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
		response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
		if (bearer) {
			response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"invalid_token\"");
		}
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.getOutputStream().write((bearer ? INVALID_TOKEN : INVALID_CLIENT).getBytes(StandardCharsets.UTF_8));
	}

}
