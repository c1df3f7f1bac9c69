package io.quiver.edge.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;

/**
 * A bearer token's signature check, parse and claim validation (issuer, audience,
 * expiry), done once and kept until the token expires (issue 18; the argument is in
 * {@code docs/gates.md}). Only what the token itself says is kept: who the caller is in
 * the organisation, their status, the role's scope cap, the client's consent are resolved
 * from live state on every request ({@link CallerResolver}), so a revoked client, a
 * suspended or removed member, a lowered cap take effect on the next request as before
 * (SPEC R9).
 * <p>
 * Entries are keyed by the SHA-256 of the token (the cache holds no bearer token), hold
 * only tokens that passed, and live until the token's {@code exp} or {@link #MAXIMUM_AGE}
 * after the check, whichever is first: an external issuer's key withdrawn from its JWKS
 * stops being trusted within the JWKS cache's own 5 minutes either way. A hit is checked
 * against the clock again, so nothing is served past its expiry even before the cache
 * evicts it. The cache is bounded ({@code maximumSize}, Caffeine's size-based eviction)
 * and its hits and misses are metrics ({@code cache.gets{cache="verified-tokens"}}).
 */
public final class VerifiedTokens implements JwtDecoder {

	/** How long a check is trusted at most, whatever the token's lifetime. */
	static final Duration MAXIMUM_AGE = Duration.ofMinutes(5);

	/** The default bound: a verified token's claims take about 2 KB of heap. */
	static final long DEFAULT_SIZE = 10_000;

	private final JwtDecoder decoder;

	private final Clock clock;

	private final Cache<String, Jwt> verified;

	VerifiedTokens(JwtDecoder decoder, long maximumSize, Clock clock) {
		this.decoder = decoder;
		this.clock = clock;
		this.verified = Caffeine.newBuilder()
			.maximumSize(maximumSize)
			.expireAfter(Expiry.creating((String hash, Jwt jwt) -> lifetime(jwt, clock.instant())))
			.recordStats()
			.build();
	}

	VerifiedTokens monitored(MeterRegistry registry) {
		CaffeineCacheMetrics.monitor(registry, this.verified, "verified-tokens");
		return this;
	}

	@Override
	public Jwt decode(String token) throws JwtException {
		String hash = hash(token);
		Jwt jwt = this.verified.getIfPresent(hash);
		if (jwt != null && this.clock.instant().isBefore(jwt.getExpiresAt())) {
			return jwt;
		}
		// a failure throws: nothing is kept of a token that did not pass
		jwt = this.decoder.decode(token);
		if (jwt.getExpiresAt() != null) {
			this.verified.put(hash, jwt);
		}
		return jwt;
	}

	/** How many checks are kept now (after pending evictions). */
	long size() {
		this.verified.cleanUp();
		return this.verified.estimatedSize();
	}

	private static Duration lifetime(Jwt jwt, Instant now) {
		Duration left = Duration.between(now, jwt.getExpiresAt());
		if (left.isNegative()) {
			return Duration.ZERO;
		}
		return (left.compareTo(MAXIMUM_AGE) < 0) ? left : MAXIMUM_AGE;
	}

	private static String hash(String token) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is missing from this JVM", ex);
		}
	}

}
