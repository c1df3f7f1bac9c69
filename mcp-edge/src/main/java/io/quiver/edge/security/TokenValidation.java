package io.quiver.edge.security;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.micrometer.core.instrument.MeterRegistry;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.telemetry.CallTelemetry;
import io.quiver.edge.telemetry.Stage;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.security.oauth2.resource.OAuth2ResourceServerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

/**
 * How bearer tokens are validated (SPEC R2.1, R12.3): signature by the configured
 * issuer's keys (an external issuer in production:
 * {@code spring.security.oauth2.resourceserver.jwt.issuer-uri} or {@code jwk-set-uri};
 * the embedded authorization server's keys and the local issuer's otherwise), issuer,
 * expiry, and audience: a token must be issued for this server ({@code {public-url}/mcp}
 * or {@code {public-url}}), never passed through from another resource (RFC 8707). A
 * token without {@code exp} is refused: it would be valid forever. A token that passed is
 * not checked again until it expires ({@link VerifiedTokens}); who its caller is now is
 * resolved on every request.
 */
@Configuration(proxyBeanMethods = false)
// not in the rebuild command, which runs without the web server
@ConditionalOnWebApplication
class TokenValidation {

	@Bean
	JwtDecoder jwtDecoder(QuiverProperties properties, DevIssuer devIssuer,
			OAuth2ResourceServerProperties resourceServer,
			ObjectProvider<JWKSource<SecurityContext>> authorizationServerKeys, CallTelemetry telemetry,
			ObjectProvider<MeterRegistry> meters) throws JOSEException {
		String jwkSetUri = resourceServer.getJwt().getJwkSetUri();
		String issuerUri = resourceServer.getJwt().getIssuerUri();
		NimbusJwtDecoder decoder;
		String issuer;
		if (jwkSetUri != null && !jwkSetUri.isBlank()) {
			decoder = NimbusJwtDecoder.withJwkSetUri(jwkSetUri).build();
			issuer = issuerUri;
		}
		else if (issuerUri != null && !issuerUri.isBlank()) {
			decoder = NimbusJwtDecoder.withIssuerLocation(issuerUri).build();
			issuer = issuerUri;
		}
		else if (authorizationServerKeys.getIfAvailable() != null) {
			decoder = new NimbusJwtDecoder(localProcessor(authorizationServerKeys.getIfAvailable(), devIssuer));
			issuer = properties.base();
		}
		else if (devIssuer.enabled()) {
			decoder = NimbusJwtDecoder.withPublicKey(devIssuer.key().toRSAPublicKey()).build();
			issuer = devIssuer.issuer();
		}
		else {
			throw new IllegalStateException("No token issuer is configured. Set "
					+ "spring.security.oauth2.resourceserver.jwt.issuer-uri (or jwk-set-uri) to your identity provider, "
					+ "or quiver.dev-issuer.enabled=true to use the local issuer.");
		}
		List<OAuth2TokenValidator<Jwt>> validators = new ArrayList<>();
		// JwtTimestampValidator checks exp only when present: a token that never expires
		// is refused outright
		validators.add(new JwtClaimValidator<Instant>(JwtClaimNames.EXP, Objects::nonNull));
		validators.add(new JwtTimestampValidator());
		if (issuer != null && !issuer.isBlank()) {
			validators.add(new JwtIssuerValidator(issuer));
		}
		validators.add(audience(Set.of(properties.resource(), properties.base())));
		decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(validators));
		VerifiedTokens verified = new VerifiedTokens(decoder, VerifiedTokens.DEFAULT_SIZE, Clock.systemUTC());
		meters.ifAvailable(verified::monitored);
		return (token) -> telemetry.stage(Stage.AUTHENTICATION, () -> verified.decode(token));
	}

	/**
	 * Verifies tokens of the embedded authorization server (its published keys, rotated)
	 * and, when it is on, of the local issuer's {@code /dev/token} too: both sign as the
	 * public URL.
	 */
	private static DefaultJWTProcessor<SecurityContext> localProcessor(JWKSource<SecurityContext> serverKeys,
			DevIssuer devIssuer) {
		JWKSource<SecurityContext> keys = serverKeys;
		if (devIssuer.enabled()) {
			JWKSet dev = devIssuer.publicKeys();
			// the local issuer's keys first: they are in memory, so its tokens verify
			// without the database
			keys = (selector, context) -> {
				List<JWK> found = selector.select(dev);
				return found.isEmpty() ? serverKeys.get(selector, context) : found;
			};
		}
		DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
		processor.setJWSKeySelector(new JWSVerificationKeySelector<>(JWSAlgorithm.RS256, keys));
		// claims are checked by the validators below
		processor.setJWTClaimsSetVerifier((claims, context) -> {
		});
		return processor;
	}

	static OAuth2TokenValidator<Jwt> audience(Set<String> accepted) {
		return (jwt) -> {
			List<String> audiences = jwt.getAudience();
			if (audiences != null && audiences.stream().anyMatch(accepted::contains)) {
				return OAuth2TokenValidatorResult.success();
			}
			return OAuth2TokenValidatorResult.failure(
					new OAuth2Error("invalid_token", "the token was not issued for this server (audience must include "
							+ String.join(" or ", accepted) + ")", null));
		};
	}

}
