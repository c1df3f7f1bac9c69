package io.quiver.edge.signin;

import java.time.Clock;
import java.util.List;

import io.quiver.command.client.api.ClientKind;
import io.quiver.command.client.api.ConsentRevocation;
import io.quiver.command.client.api.RegisterClientCommand;
import io.quiver.command.client.api.RevokeConsentCommand;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.command.shared.api.Actor;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.console.ConsoleCallers;
import io.quiver.edge.support.Commands;
import io.quiver.edge.support.Queries;
import io.quiver.query.client.api.FindRegisteredClientQuery;
import io.quiver.query.client.api.RegisteredClientView;
import io.quiver.query.gate.outbound.OutboundUrlGate;
import io.quiver.query.access.Scope;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsent;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationConsentAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.config.annotation.web.configurers.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.oauth2.server.authorization.token.DelegatingOAuth2TokenGenerator;
import org.springframework.security.oauth2.server.authorization.token.JwtGenerator;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenGenerator;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import io.quiver.query.toolindex.api.PolicyStore;

/**
 * The embedded authorization server (SPEC R14): Spring Authorization Server with Quiver's
 * stores and the extensions MCP clients need, in a filter chain of its own ordered before
 * the console's and the API's. Its issuer is the public URL; its metadata
 * ({@code /.well-known/oauth-authorization-server},
 * {@code /.well-known/openid-configuration}) advertises open registration, Client ID
 * Metadata Documents, {@code none} as the only token endpoint authentication, PKCE
 * {@code S256} only, and {@code iss} on authorization responses. Members sign in where
 * the console's members sign in.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
@Conditional(EmbeddedAuthorizationServer.class)
@EnableConfigurationProperties(SignInSettings.class)
class AuthorizationServerConfiguration {

	private static final Logger log = LoggerFactory.getLogger(AuthorizationServerConfiguration.class);

	static final String SIGN_IN = "/console/sign-in";

	@Bean
	AuthorizationServerSettings authorizationServerSettings(QuiverProperties properties) {
		return AuthorizationServerSettings.builder().issuer(properties.base()).build();
	}

	@Bean
	SigningKeys signingKeys(JdbcTemplate jdbc, PlatformTransactionManager transactions, CredentialVault vault,
			SignInSettings settings) {
		return new SigningKeys(jdbc, new TransactionTemplate(transactions), vault, settings.server().keyRotation(),
				settings.server().accessTokenTtl(), Clock.systemUTC());
	}

	@Bean
	HashedAuthorizationService authorizationStore(JdbcTemplate jdbc, PlatformTransactionManager transactions,
			SignInSettings settings, Commands commands) {
		return new HashedAuthorizationService(jdbc, new TransactionTemplate(transactions),
				settings.server().refreshGrace(), Clock.systemUTC(), (revocation) -> {
					try {
						commands.sendAs(new Actor(null, "authorization-server", "oauth", null),
								new RevokeConsentCommand(revocation.authorizationId(), revocation.orgId(),
										revocation.reason()));
					}
					catch (CommandRejectedException ex) {
						// no consent was recorded for it (never consented): nothing to
						// end
						log.debug("No consent to revoke for authorization {}", revocation.authorizationId());
					}
				});
	}

	@Bean
	ClientMetadataDocuments clientMetadataDocuments(OutboundUrlGate guard, SignInSettings settings, Commands commands,
			Queries queries) {
		if (settings.cimd().allowPrivateHosts()) {
			log.warn("*** TEST-ONLY SETTING ACTIVE: client metadata documents are fetched from private and loopback "
					+ "addresses (quiver.oauth.cimd.allow-private-hosts). Never use this in production. ***");
		}
		return new ClientMetadataDocuments(guard, settings.cimd(), settings.cimd().tls(), Clock.systemUTC(),
				(document) -> {
					if (queries.one(new FindRegisteredClientQuery(document.clientId()),
							RegisteredClientView.class) == null) {
						try {
							commands.sendAs(new Actor(null, "client-metadata-document", "oauth", null),
									new RegisterClientCommand(document.clientId(), ClientKind.METADATA_DOCUMENT,
											document.clientName(), document.redirectUris(), document.clientUri()));
						}
						catch (RuntimeException ex) {
							// another node registered it at the same moment
							log.debug("Client {} was registered concurrently", document.clientId());
						}
					}
				});
	}

	@Bean
	QuiverClients registeredClients(Queries queries, ClientMetadataDocuments documents, SignInSettings settings) {
		return new QuiverClients(queries, documents, settings.server());
	}

	@Bean
	ScopeCaps scopeCaps(PolicyStore policies) {
		return new ScopeCaps(policies);
	}

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	SecurityFilterChain authorizationServerSecurity(HttpSecurity http, QuiverProperties properties,
			QuiverClients clients, HashedAuthorizationService store, SigningKeys keys, PolicyStore policies,
			ConsoleCallers callers, Commands commands, ScopeCaps caps, AuthorizationServerSettings endpoints)
			throws Exception {
		OAuth2AuthorizationServerConfigurer server = OAuth2AuthorizationServerConfigurer.authorizationServer();
		AuthorizationRequests requests = new AuthorizationRequests(properties.resource());
		ConsentDecisions consents = new ConsentDecisions(callers, commands, caps);
		AuthorizationResponses responses = new AuthorizationResponses(properties.base());
		RequestMatcher register = PathPatternRequestMatcher.withDefaults().matcher(ClientRegistrationEndpoint.PATH);
		RequestMatcher consentPage = PathPatternRequestMatcher.withDefaults().matcher(ConsentPage.PATH);
		http.securityMatcher(new OrRequestMatcher(server.getEndpointsMatcher(), register, consentPage))
			.with(server,
					(as) -> as.registeredClientRepository(clients)
						.authorizationService(store)
						.authorizationConsentService(new NoRememberedConsent())
						.tokenGenerator(tokenGenerator(keys,
								new AccessTokens(properties.resource(), properties.oauth().orgClaim(), keys, policies)))
						.clientAuthentication((authentication) -> authentication
							.authenticationConverter(PublicClients.converter("/oauth2/revoke"))
							.authenticationProviders((providers) -> providers.add(0, PublicClients.provider(clients))))
						.authorizationEndpoint((authorization) -> authorization.consentPage(ConsentPage.PATH)
							.authenticationProviders((providers) -> providers.forEach((provider) -> {
								if (provider instanceof OAuth2AuthorizationCodeRequestAuthenticationProvider codeRequests) {
									codeRequests.setAuthenticationValidator(requests);
								}
								if (provider instanceof OAuth2AuthorizationConsentAuthenticationProvider consent) {
									consent.setAuthorizationConsentCustomizer(consents);
								}
							}))
							.authorizationResponseHandler(responses.success())
							.errorResponseHandler(responses.failure()))
						.authorizationServerMetadataEndpoint(
								(metadata) -> metadata.authorizationServerMetadataCustomizer((builder) -> builder
									.claims((claims) -> ServerMetadata.customize(claims, properties))))
						.oidc((oidc) -> oidc.providerConfigurationEndpoint(
								(configuration) -> configuration.providerConfigurationCustomizer((builder) -> builder
									.claims((claims) -> ServerMetadata.customize(claims, properties))))))
			.authorizeHttpRequests(
					(authorize) -> authorize.requestMatchers(register).permitAll().anyRequest().authenticated())
			.csrf((csrf) -> csrf.ignoringRequestMatchers(register))
			.exceptionHandling(
					(exceptions) -> exceptions.authenticationEntryPoint(unauthenticated(endpoints, consentPage)));
		return http.build();
	}

	/**
	 * The sign-in for the pages a browser opens, the OAuth error in JSON for the
	 * endpoints a client calls.
	 */
	private static UnauthenticatedClients unauthenticated(AuthorizationServerSettings endpoints,
			RequestMatcher consentPage) {
		PathPatternRequestMatcher.Builder paths = PathPatternRequestMatcher.withDefaults();
		RequestMatcher browserPages = new OrRequestMatcher(paths.matcher(endpoints.getAuthorizationEndpoint()),
				paths.matcher(endpoints.getDeviceVerificationEndpoint()), consentPage);
		return new UnauthenticatedClients(browserPages, paths.matcher(endpoints.getOidcUserInfoEndpoint()), SIGN_IN);
	}

	private static OAuth2TokenGenerator<?> tokenGenerator(SigningKeys keys, AccessTokens accessTokens) {
		JwtGenerator jwt = new JwtGenerator(new NimbusJwtEncoder(keys));
		jwt.setJwtCustomizer(accessTokens);
		return new DelegatingOAuth2TokenGenerator(jwt, new PublicRefreshTokens());
	}

	/**
	 * SAS remembers a consent per client and member and skips the page next time; Quiver
	 * asks every time (each authorization is one consent, one token family, one event),
	 * so nothing is remembered here.
	 */
	private static final class NoRememberedConsent implements OAuth2AuthorizationConsentService {

		@Override
		public void save(OAuth2AuthorizationConsent authorizationConsent) {
		}

		@Override
		public void remove(OAuth2AuthorizationConsent authorizationConsent) {
		}

		@Override
		public OAuth2AuthorizationConsent findById(String registeredClientId, String principalName) {
			return null;
		}

	}

	/** The grant types, for metadata. */
	static List<String> grantTypes() {
		return List.of(AuthorizationGrantType.AUTHORIZATION_CODE.getValue(),
				AuthorizationGrantType.REFRESH_TOKEN.getValue());
	}

	/** The scopes, for metadata. */
	static List<String> scopes() {
		return List.of(Scope.allWireNames().split(" "));
	}

}
