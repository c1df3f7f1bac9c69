package io.quiver.edge.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Who may scrape {@code /actuator/prometheus} (SPEC R15.1): a connection from this
 * machine (its socket's own address, never a forwarded header: see {@link SocketAddress})
 * without a token, and anyone presenting the configured scrape token
 * ({@code quiver.metrics.scrape-token}) as a bearer token. The scrape token is not an
 * OAuth token, so this path has a chain of its own, ahead of the resource server's; it is
 * compared in constant time, as digests, so neither its content nor its length leaks
 * through timing. Without a configured token only loopback may scrape.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
@EnableConfigurationProperties(ScrapeAccess.Settings.class)
class ScrapeAccess {

	static final String PATH = "/actuator/prometheus";

	private static final String BEARER = "Bearer ";

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE + 5)
	SecurityFilterChain scrapeSecurity(HttpSecurity http, Settings settings) throws Exception {
		byte[] expected = settings.hasToken() ? digest(settings.scrapeToken()) : null;
		http.securityMatcher(PATH)
			.authorizeHttpRequests((authorize) -> authorize.anyRequest()
				.access((authentication,
						context) -> new AuthorizationDecision(allowed(context.getRequest(), expected))))
			.csrf((csrf) -> csrf.disable())
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.exceptionHandling((exceptions) -> exceptions
				.authenticationEntryPoint((request, response, failure) -> refuse(response, expected != null))
				.accessDeniedHandler((request, response, failure) -> refuse(response, expected != null)));
		return http.build();
	}

	static boolean allowed(HttpServletRequest request, byte[] expected) {
		if (SocketAddress.isLoopback(request)) {
			return true;
		}
		String header = request.getHeader(HttpHeaders.AUTHORIZATION);
		if (expected == null || header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
			return false;
		}
		return MessageDigest.isEqual(expected, digest(header.substring(BEARER.length()).strip()));
	}

	private static void refuse(HttpServletResponse response, boolean tokenConfigured) throws java.io.IOException {
		response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
		response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"quiver-metrics\"");
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.getWriter()
			.write("{\"error\":\"unauthorized\",\"message\":\""
					+ (tokenConfigured ? "scraping from another machine needs the scrape token as a bearer token"
							: "metrics are served to loopback only: set quiver.metrics.scrape-token to scrape from "
									+ "elsewhere")
					+ "\"}");
	}

	private static byte[] digest(String token) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is missing from this JVM", ex);
		}
	}

	/**
	 * {@code quiver.metrics.*}.
	 *
	 * @param scrapeToken the bearer token a scraper from another machine presents; empty:
	 * loopback only
	 */
	@ConfigurationProperties("quiver.metrics")
	record Settings(String scrapeToken) {

		boolean hasToken() {
			return this.scrapeToken != null && !this.scrapeToken.isBlank();
		}

	}

}
