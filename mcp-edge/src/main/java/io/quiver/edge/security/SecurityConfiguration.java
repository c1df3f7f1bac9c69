package io.quiver.edge.security;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.support.ApiExceptionHandler;
import io.quiver.query.access.Scope;
import io.quiver.query.support.DatabaseFailures;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.web.authentication.BearerTokenAuthenticationFilter;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Who may reach what over HTTP. The MCP endpoint and the REST API are OAuth 2 protected
 * resources (SPEC R2.1): a request without a valid bearer token gets 401 with
 * {@code WWW-Authenticate: Bearer resource_metadata="…"} naming the Protected Resource
 * Metadata (R12.3). Metadata, the local issuer, health and the API description are
 * public. What an authenticated caller may do is decided later, by the gates.
 */
@Configuration(proxyBeanMethods = false)
// not in the rebuild command, which runs without the web server
@ConditionalOnWebApplication
class SecurityConfiguration {

	/**
	 * No Micrometer observations inside Spring Security (issue 18): with an observation
	 * registry present, Spring Security otherwise wraps every filter of the chain, the
	 * authentication and the authorization in observations of their own (a timer and a
	 * span each, per request). What a call's metrics and trace need is kept: Spring
	 * Boot's {@code http.server.requests} observation (the request's root span and its
	 * series), the {@code authentication} stage around the token check
	 * ({@link TokenValidation}) and the call's own observations ({@code quiver.call},
	 * {@code quiver.call.stage}).
	 */
	@Bean
	SecurityObservationSettings securityObservations() {
		return SecurityObservationSettings.noObservations();
	}

	@Bean
	SecurityFilterChain apiSecurity(HttpSecurity http, QuiverProperties properties, AnonymousLoopbackSubject anonymous)
			throws Exception {
		AuthenticationEntryPoint challenge = (request, response, failure) -> challenge(properties, response, failure);
		http.securityMatcher("/mcp", "/mcp/**", "/api/**", "/.well-known/**", "/dev/**", "/actuator/**", "/error",
				"/v3/api-docs/**", "/swagger-ui/**", "/swagger-ui.html", "/oauth/connect/**")
			.authorizeHttpRequests((authorize) -> authorize
				// the OAuth callback of connections: the provider's redirect, bound by
				// its state
				.requestMatchers("/oauth/connect/**", "/.well-known/**", "/dev/**", "/actuator/health/**",
						"/actuator/health", "/actuator/info", "/error", "/v3/api-docs/**", "/swagger-ui/**",
						"/swagger-ui.html")
				.permitAll()
				.anyRequest()
				.authenticated())
			.csrf((csrf) -> csrf.disable())
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.oauth2ResourceServer((resourceServer) -> resourceServer.jwt((jwt) -> {
			}).authenticationEntryPoint(challenge))
			.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(challenge));
		if (anonymous.enabled()) {
			http.addFilterBefore(anonymous.filter(), BearerTokenAuthenticationFilter.class);
		}
		return http.build();
	}

	static void challenge(QuiverProperties properties, HttpServletResponse response, AuthenticationException failure)
			throws IOException {
		StringBuilder header = new StringBuilder("Bearer resource_metadata=\"")
			.append(ResourceMetadataController.mcpMetadataUrl(properties))
			.append("\", scope=\"")
			.append(Scope.allWireNames())
			.append('"');
		if (DatabaseFailures.unavailable(failure)) {
			// the token could not be checked (its key is read from the database): not the
			// caller's fault, and the failure's text names SQL
			response.setStatus(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
			response.setHeader(HttpHeaders.RETRY_AFTER, Integer.toString(ApiExceptionHandler.RETRY_AFTER_SECONDS));
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.getWriter()
				.write("{\"error\":\"unavailable\",\"message\":\"the database is unavailable, so the bearer token "
						+ "could not be checked; retry shortly\"}");
			return;
		}
		String description = "a bearer token is required";
		if (failure instanceof InvalidBearerTokenException) {
			description = "the bearer token is not valid: " + failure.getMessage().replace('"', '\'');
			header.append(", error=\"invalid_token\", error_description=\"").append(description).append('"');
		}
		response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
		response.setHeader("WWW-Authenticate", header.toString());
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.getWriter()
			.write("{\"error\":\"unauthorized\",\"message\":\"" + description.replace("\\", "\\\\").replace("\"", "'")
					+ "\",\"resource_metadata\":\"" + ResourceMetadataController.mcpMetadataUrl(properties) + "\"}");
	}

}
