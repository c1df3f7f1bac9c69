package io.quiver.edge.console;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;
import org.springframework.web.util.HtmlUtils;

/**
 * The console's own filter chain, for {@code /console/**} only (the API chain of
 * {@code edge.security} keeps {@code /mcp} and {@code /api/**} stateless and
 * bearer-only):
 * <ul>
 * <li>a session, signed in by OIDC ({@code oauth2Login}, when a client registration is
 * configured) or, in the embedded default, by the development sign-in of
 * {@link ConsoleSignInController};</li>
 * <li>CSRF protection on every state-changing request (a synchronizer token kept in the
 * session; Thymeleaf puts it in every form);</li>
 * <li>a strict Content-Security-Policy: scripts, styles and forms from this origin only,
 * never framed.</li>
 * </ul>
 * Who may do what is decided by the application services, from the member's role.
 */
@Configuration(proxyBeanMethods = false)
// not in the rebuild command, which runs without the web server
@ConditionalOnWebApplication
class ConsoleSecurityConfiguration {

	static final String SIGN_IN = "/console/sign-in";

	/** Where a signed-in console session keeps its security context. */
	static final SecurityContextRepository CONTEXTS = new HttpSessionSecurityContextRepository();

	private static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
			+ "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE + 10)
	SecurityFilterChain consoleSecurity(HttpSecurity http, ObjectProvider<ClientRegistrationRepository> registrations,
			ObjectProvider<OidcUserService> oidcUsers, ConsoleCallers callers) throws Exception {
		http.securityMatcher("/console", "/console/**")
			.authorizeHttpRequests((authorize) -> authorize
				.requestMatchers(SIGN_IN, SIGN_IN + "/*", "/console/assets/**", "/console/oauth2/**",
						"/console/login/oauth2/**")
				.permitAll()
				.anyRequest()
				.authenticated())
			.securityContext((context) -> context.securityContextRepository(CONTEXTS))
			.exceptionHandling(
					(exceptions) -> exceptions.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint(SIGN_IN))
						.accessDeniedHandler(refusal()))
			.logout((logout) -> logout.logoutUrl("/console/sign-out").logoutSuccessUrl(SIGN_IN + "?signed-out"))
			.headers((headers) -> headers.contentSecurityPolicy((csp) -> csp.policyDirectives(POLICY))
				.referrerPolicy((referrer) -> referrer.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.SAME_ORIGIN)));
		ClientRegistrationRepository repository = registrations.getIfAvailable();
		if (repository != null) {
			http.oauth2Login((login) -> login.loginPage(SIGN_IN)
				.clientRegistrationRepository(repository)
				.authorizationEndpoint((authorization) -> authorization.baseUri("/console/oauth2/authorization"))
				.redirectionEndpoint((redirection) -> redirection.baseUri("/console/login/oauth2/code/*"))
				.userInfoEndpoint((userInfo) -> oidcUsers.ifAvailable(userInfo::oidcUserService))
				.successHandler(ConsoleSignInOutcome.success(callers))
				.failureHandler(ConsoleSignInOutcome.failure()));
		}
		return http.build();
	}

	/**
	 * A refused request (CSRF token missing or stale) gets a short page saying so, not
	 * the API's JSON error.
	 */
	private static AccessDeniedHandler refusal() {
		return (request, response, denied) -> refuse(response,
				(denied instanceof CsrfException)
						? "The form was missing its security token or the token was stale (CSRF protection). "
								+ "Reload the page and try again."
						: "You may not do this.");
	}

	/** A short page saying why, 403. */
	static void refuse(HttpServletResponse response, String message) throws IOException {
		response.setStatus(HttpServletResponse.SC_FORBIDDEN);
		response.setContentType("text/html;charset=UTF-8");
		response.getOutputStream()
			.write(("<!doctype html><html lang=\"en\"><head><title>Refused · Quiver</title>"
					+ "<link rel=\"stylesheet\" href=\"/console/assets/console.css\"></head><body class=\"bare\">"
					+ "<main class=\"card narrow\"><h1>Refused</h1><p id=\"refusal\">" + HtmlUtils.htmlEscape(message)
					+ "</p><p><a href=\"/console/sign-in\">Sign in again</a> · <a href=\"/console\">Back to the console</a>"
					+ "</p></main></body></html>")
				.getBytes(StandardCharsets.UTF_8));
	}

}
