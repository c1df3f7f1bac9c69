package io.quiver.edge.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.concurrent.atomic.AtomicInteger;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The kept signature checks: a token is verified once, never served past its expiry, a
 * token that failed is not kept, and the cache holds no more than its bound. Revocation,
 * suspension and removal on live state are in {@code RefusedCallerIntegrationTest} and
 * {@code CachedTokenRefusalIntegrationTest}.
 */
class VerifiedTokensTest {

	private final MutableClock clock = new MutableClock(Instant.parse("2026-12-02T04:00:00Z"));

	private final AtomicInteger checks = new AtomicInteger();

	private RSAKey key;

	private VerifiedTokens tokens;

	@BeforeEach
	void setUp() throws JOSEException {
		this.key = new RSAKeyGenerator(2048).keyID("k").generate();
		NimbusJwtDecoder nimbus = NimbusJwtDecoder.withPublicKey(this.key.toRSAPublicKey()).build();
		JwtTimestampValidator timestamps = new JwtTimestampValidator(Duration.ZERO);
		timestamps.setClock(this.clock);
		nimbus.setJwtValidator(timestamps);
		JwtDecoder counted = (token) -> {
			this.checks.incrementAndGet();
			return nimbus.decode(token);
		};
		this.tokens = new VerifiedTokens(counted, 3, this.clock);
	}

	@Test
	void aTokenIsVerifiedOnceUntilItExpiresAndRefusedAfter() throws JOSEException {
		String token = sign("alice", this.clock.instant().plusSeconds(60));
		Jwt first = this.tokens.decode(token);
		Jwt again = this.tokens.decode(token);
		assertThat(again.getSubject()).isEqualTo("alice");
		assertThat(again).isSameAs(first);
		assertThat(this.checks).hasValue(1);

		this.clock.advance(Duration.ofSeconds(61));
		assertThatThrownBy(() -> this.tokens.decode(token)).isInstanceOf(JwtValidationException.class)
			.hasMessageContaining("expired");
		assertThat(this.checks).hasValue(2);
	}

	@Test
	void aTokenThatFailedIsNotKept() throws JOSEException {
		String token = sign("bob", this.clock.instant().plusSeconds(60));
		String tampered = token.substring(0, token.lastIndexOf('.') + 1) + "AAAA";
		for (int i = 0; i < 2; i++) {
			assertThatThrownBy(() -> this.tokens.decode(tampered)).isInstanceOf(JwtException.class);
		}
		assertThat(this.checks).hasValue(2);
		assertThat(this.tokens.size()).isZero();
	}

	@Test
	void theCacheHoldsNoMoreThanItsBound() throws JOSEException {
		for (int i = 0; i < 50; i++) {
			this.tokens.decode(sign("caller-" + i, this.clock.instant().plusSeconds(60)));
		}
		assertThat(this.tokens.size()).isLessThanOrEqualTo(3);
		assertThat(this.checks).hasValue(50);
	}

	private String sign(String subject, Instant expiry) throws JOSEException {
		SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("k").build(),
				new JWTClaimsSet.Builder().subject(subject)
					.issueTime(Date.from(this.clock.instant()))
					.expirationTime(Date.from(expiry))
					.build());
		jwt.sign(new RSASSASigner(this.key));
		return jwt.serialize();
	}

	private static final class MutableClock extends Clock {

		private Instant now;

		MutableClock(Instant now) {
			this.now = now;
		}

		void advance(Duration duration) {
			this.now = this.now.plus(duration);
		}

		@Override
		public Instant instant() {
			return this.now;
		}

		@Override
		public java.time.ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(java.time.ZoneId zone) {
			return this;
		}

	}

}
