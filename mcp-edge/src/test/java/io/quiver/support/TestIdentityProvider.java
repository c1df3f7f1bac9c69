package io.quiver.support;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.UUID;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
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
import org.springframework.security.oauth2.core.oidc.endpoint.OidcParameterNames;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.server.authorization.client.InMemoryRegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.config.annotation.web.configuration.OAuth2AuthorizationServerConfiguration;
import org.springframework.security.oauth2.server.authorization.config.annotation.web.configurers.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

/**
 * A real OIDC provider standing in for a company's (SPEC R14.4): a second Spring
 * Authorization Server with OIDC, started by the test in this JVM on
 * {@code http://localhost:PORT} (another host name than Quiver's {@code 127.0.0.1}, so
 * the browser keeps the two sessions apart), with a form login of one user,
 * {@code idp-alice} (password {@code idp-password}, e-mail
 * {@code idp-alice@example.test}), and one confidential client, {@code quiver}, whose
 * redirect URI is an organisation's on Quiver.
 */
public final class TestIdentityProvider implements AutoCloseable {

	public static final String USER = "idp-alice";

	public static final String PASSWORD = "idp-password";

	public static final String CLIENT_ID = "quiver";

	private static String issuer;

	private static String clientSecret;

	private static String redirectUri;

	private final ConfigurableApplicationContext context;

	private final String url;

	private TestIdentityProvider(ConfigurableApplicationContext context, String url) {
		this.context = context;
		this.url = url;
	}

	/** Starts a provider whose client may redirect to {@code redirect}. */
	public static synchronized TestIdentityProvider start(String redirect, String secret) {
		int port = TestAuthorizationServers.freePort();
		issuer = "http://localhost:" + port;
		clientSecret = secret;
		redirectUri = redirect;
		ConfigurableApplicationContext context = TestAuthorizationServers.run(Provider.class, port,
				"test-identity-provider");
		return new TestIdentityProvider(context, issuer);
	}

	public String issuer() {
		return this.url;
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
				.with(server, (as) -> as.oidc(Customizer.withDefaults()))
				.authorizeHttpRequests((authorize) -> authorize.anyRequest().authenticated())
				.oauth2ResourceServer((resource) -> resource.jwt(Customizer.withDefaults()))
				.exceptionHandling((exceptions) -> exceptions
					.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint("/login")));
			return http.build();
		}

		@Bean
		@Order(2)
		SecurityFilterChain login(HttpSecurity http) throws Exception {
			http.authorizeHttpRequests((authorize) -> authorize.anyRequest().authenticated())
				.formLogin(Customizer.withDefaults());
			return http.build();
		}

		@Bean
		UserDetailsService users() {
			return TestAuthorizationServers.oneUser(USER, PASSWORD);
		}

		@Bean
		RegisteredClientRepository clients() {
			return new InMemoryRegisteredClientRepository(
					TestAuthorizationServers.confidentialClient(CLIENT_ID, clientSecret, redirectUri)
						.scope("openid")
						.scope("profile")
						.scope("email")
						.clientSettings(ClientSettings.builder().requireAuthorizationConsent(false).build())
						.build());
		}

		@Bean
		OAuth2TokenCustomizer<JwtEncodingContext> email() {
			return (context) -> {
				if (OidcParameterNames.ID_TOKEN.equals(context.getTokenType().getValue())) {
					context.getClaims().claim("email", context.getPrincipal().getName() + "@example.test");
				}
			};
		}

		@Bean
		JWKSource<SecurityContext> keys() throws NoSuchAlgorithmException {
			KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
			generator.initialize(2048);
			KeyPair pair = generator.generateKeyPair();
			return new ImmutableJWKSet<>(new JWKSet(
					new RSAKey.Builder((RSAPublicKey) pair.getPublic()).privateKey((RSAPrivateKey) pair.getPrivate())
						.keyID(UUID.randomUUID().toString())
						.build()));
		}

		@Bean
		JwtDecoder jwtDecoder(JWKSource<SecurityContext> keys) {
			return OAuth2AuthorizationServerConfiguration.jwtDecoder(keys);
		}

		@Bean
		AuthorizationServerSettings settings() {
			return AuthorizationServerSettings.builder().issuer(issuer).build();
		}

	}

}
