package io.quiver.support;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.autoconfigure.security.servlet.SecurityFilterAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.DispatcherServletAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.ServletWebServerFactoryAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.server.authorization.InMemoryOAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.client.InMemoryRegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.config.annotation.web.configurers.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.settings.OAuth2TokenFormat;
import org.springframework.security.oauth2.server.authorization.settings.TokenSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * A real OAuth provider with an API behind it, standing in for an app such as Linear or
 * Notion (SPEC R4.5): a Spring Authorization Server started by the test in this JVM on
 * {@code http://localhost:PORT}, with a form login of one user ({@value #USER} /
 * {@value #PASSWORD}), one confidential client ({@value #CLIENT_ID}, PKCE required, no
 * consent page, refresh tokens rotated on every use), opaque (reference) access tokens,
 * RFC 7009 revocation at {@code /oauth2/revoke}, and an API, {@code GET /api/me}, that
 * answers the user of a live access token and 401 for any other. It counts the refresh
 * grants it serves.
 */
public final class TestOAuthProvider implements AutoCloseable {

	public static final String USER = "app-alice";

	public static final String PASSWORD = "app-password";

	public static final String CLIENT_ID = "quiver-app";

	private static final AtomicInteger REFRESHES = new AtomicInteger();

	private static String issuer;

	private static String clientSecret;

	private static String redirectUri;

	private final ConfigurableApplicationContext context;

	private final String url;

	private TestOAuthProvider(ConfigurableApplicationContext context, String url) {
		this.context = context;
		this.url = url;
	}

	/** Starts a provider whose client may redirect to {@code redirect}. */
	public static synchronized TestOAuthProvider start(String redirect, String secret) {
		int port = TestAuthorizationServers.freePort();
		issuer = "http://localhost:" + port;
		clientSecret = secret;
		redirectUri = redirect;
		ConfigurableApplicationContext context = TestAuthorizationServers.run(Provider.class, port,
				"test-oauth-provider");
		return new TestOAuthProvider(context, issuer);
	}

	public String url() {
		return this.url;
	}

	/** The refresh grants served so far. */
	public int refreshes() {
		return REFRESHES.get();
	}

	/** The provider's store of authorizations. */
	public OAuth2AuthorizationService authorizations() {
		return this.context.getBean(OAuth2AuthorizationService.class);
	}

	/**
	 * The authorization (tokens and their state) that issued this access token, or null.
	 */
	public OAuth2Authorization authorization(String accessToken) {
		return this.context.getBean(OAuth2AuthorizationService.class)
			.findByToken(accessToken, OAuth2TokenType.ACCESS_TOKEN);
	}

	/** An OpenAPI document of the API, declaring the provider's OAuth. */
	public String openApi() {
		return """
				{"openapi": "3.0.3", "info": {"title": "Test app", "version": "1"},
				 "servers": [{"url": "%1$s"}],
				 "paths": {"/api/me": {"get": {"operationId": "whoami", "summary": "Who the token belongs to",
				   "responses": {"200": {"description": "the user"}}}}},
				 "components": {"securitySchemes": {"app": {"type": "oauth2", "flows": {"authorizationCode": {
				   "authorizationUrl": "%1$s/oauth2/authorize", "tokenUrl": "%1$s/oauth2/token",
				   "x-revocationUrl": "%1$s/oauth2/revoke", "scopes": {"read": "read the user"}}}}}}}
				""".formatted(this.url);
	}

	@Override
	public void close() {
		this.context.close();
	}

	// not @Configuration: Quiver's own component scan covers this package and must not
	// pick it up
	@EnableWebSecurity
	@EnableWebMvc
	@Import({ ServletWebServerFactoryAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
			SecurityFilterAutoConfiguration.class })
	static class Provider {

		@Bean
		@Order(1)
		SecurityFilterChain authorizationServer(HttpSecurity http) throws Exception {
			OAuth2AuthorizationServerConfigurer server = OAuth2AuthorizationServerConfigurer.authorizationServer();
			http.securityMatcher(server.getEndpointsMatcher())
				.with(server, Customizer.withDefaults())
				.authorizeHttpRequests((authorize) -> authorize.anyRequest().authenticated())
				.addFilterBefore(new RefreshCounter(),
						org.springframework.security.web.context.SecurityContextHolderFilter.class)
				.exceptionHandling((exceptions) -> exceptions
					.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint("/login")));
			return http.build();
		}

		@Bean
		@Order(2)
		SecurityFilterChain login(HttpSecurity http) throws Exception {
			http.authorizeHttpRequests(
					(authorize) -> authorize.requestMatchers("/api/**").permitAll().anyRequest().authenticated())
				.formLogin(Customizer.withDefaults());
			return http.build();
		}

		@Bean
		UserDetailsService users() {
			return TestAuthorizationServers.oneUser(USER, PASSWORD);
		}

		@Bean
		OAuth2AuthorizationService authorizations(RegisteredClientRepository clients) {
			return new InMemoryOAuth2AuthorizationService();
		}

		@Bean
		RegisteredClientRepository clients() {
			return new InMemoryRegisteredClientRepository(TestAuthorizationServers
				.confidentialClient(CLIENT_ID, clientSecret, redirectUri)
				.authorizationGrantType(AuthorizationGrantType.REFRESH_TOKEN)
				.scope("read")
				.clientSettings(
						ClientSettings.builder().requireAuthorizationConsent(false).requireProofKey(true).build())
				.tokenSettings(TokenSettings.builder()
					.accessTokenFormat(OAuth2TokenFormat.REFERENCE)
					.accessTokenTimeToLive(Duration.ofMinutes(30))
					.reuseRefreshTokens(false)
					.build())
				.build());
		}

		/** The app's API: who a live access token belongs to. */
		@Bean
		RouterFunction<ServerResponse> api(OAuth2AuthorizationService authorizations) {
			return RouterFunctions.route().GET("/api/me", (request) -> {
				String header = request.headers().firstHeader("Authorization");
				OAuth2Authorization authorization = (header != null && header.startsWith("Bearer "))
						? authorizations.findByToken(header.substring(7), OAuth2TokenType.ACCESS_TOKEN) : null;
				if (authorization == null || authorization.getAccessToken() == null
						|| !authorization.getAccessToken().isActive()) {
					return ServerResponse.status(401).body(Map.of("error", "invalid_token"));
				}
				return ServerResponse.ok().body(Map.of("user", authorization.getPrincipalName()));
			}).build();
		}

		@Bean
		AuthorizationServerSettings settings() {
			return AuthorizationServerSettings.builder().issuer(issuer).build();
		}

	}

	/** Counts the refresh grants the token endpoint serves. */
	static final class RefreshCounter extends OncePerRequestFilter {

		@Override
		protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
				throws ServletException, IOException {
			if (request.getRequestURI().equals("/oauth2/token")
					&& "refresh_token".equals(request.getParameter("grant_type"))) {
				REFRESHES.incrementAndGet();
			}
			chain.doFilter(request, response);
		}

	}

}
