package io.quiver.edge.oauth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Authorizations of connections in flight (SPEC R4.5): each {@code state} is 256-bit
 * random, bound to the member and the connection it was issued for, kept as its SHA-256,
 * single use and expiring ({@code quiver.oauth.connect.state-ttl}, default 10 minutes).
 * Consuming is one conditional update, so two callbacks with one state cannot both pass.
 */
@Component
public class ConnectStates {

	private static final ObjectMapper JSON = new ObjectMapper();

	private final JdbcTemplate jdbc;

	private final Duration ttl;

	private final Clock clock;

	private final SecureRandom random = new SecureRandom();

	@Autowired
	public ConnectStates(JdbcTemplate jdbc, @Value("${quiver.oauth.connect.state-ttl:PT10M}") Duration ttl) {
		this(jdbc, ttl, Clock.systemUTC());
	}

	ConnectStates(JdbcTemplate jdbc, Duration ttl, Clock clock) {
		this.jdbc = jdbc;
		this.ttl = ttl;
		this.clock = clock;
	}

	/** An authorization in flight, as the callback finds it. */
	public record Pending(String orgId, String memberId, String connectionId, String verifier, String redirectUri,
			OAuthProvider provider) {

		@Override
		public String toString() {
			return "Pending[" + this.orgId + ", " + this.connectionId + "]";
		}

	}

	/** Why a callback's state was refused. */
	public static class StateRefused extends RuntimeException {

		StateRefused(String message) {
			super(message);
		}

	}

	/** A fresh random value, base64url, 256 bits (state, PKCE verifier). */
	String random() {
		byte[] bytes = new byte[32];
		this.random.nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

	/** Issues a state for this member's authorization of this connection. */
	String issue(String orgId, String memberId, String connectionId, String verifier, String redirectUri,
			OAuthProvider provider) {
		String state = random();
		Instant now = this.clock.instant();
		String json;
		try {
			json = JSON.writeValueAsString(provider);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(ex);
		}
		this.jdbc.update(
				"INSERT INTO oauth_connect_state (state_hash, org_id, member_id, connection_id, code_verifier, "
						+ "redirect_uri, provider, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
				hash(state), orgId, memberId, connectionId, verifier, redirectUri, json, Timestamp.from(now),
				Timestamp.from(now.plus(this.ttl)));
		return state;
	}

	/**
	 * Consumes a state: the authorization it was issued for.
	 * @throws StateRefused when it is unknown, used already or expired
	 */
	Pending consume(String state) {
		if (state == null || state.isEmpty() || state.length() > 200) {
			throw new StateRefused("the callback carries no valid state: it was not issued by this Quiver");
		}
		String hash = hash(state);
		List<Row> rows = this.jdbc.query(
				"SELECT org_id, member_id, connection_id, code_verifier, redirect_uri, provider, expires_at, used_at "
						+ "FROM oauth_connect_state WHERE state_hash = ?",
				(rs, n) -> new Row(new Pending(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
						rs.getString(5), provider(rs.getString(6))), rs.getTimestamp(7).toInstant(),
						rs.getTimestamp(8) != null),
				hash);
		if (rows.isEmpty()) {
			throw new StateRefused("the callback's state does not match an authorization this Quiver started");
		}
		Row row = rows.get(0);
		Instant now = this.clock.instant();
		if (row.used()) {
			throw new StateRefused("this authorization was completed already: a state is used once; start again");
		}
		int consumed = this.jdbc.update(
				"UPDATE oauth_connect_state SET used_at = ? WHERE state_hash = ? AND used_at IS NULL",
				Timestamp.from(now), hash);
		if (consumed != 1) {
			throw new StateRefused("this authorization was completed already: a state is used once; start again");
		}
		if (!now.isBefore(row.expiresAt())) {
			throw new StateRefused(
					"this authorization expired (it is valid for " + this.ttl.toMinutes() + " minutes); start again");
		}
		return row.pending();
	}

	private static OAuthProvider provider(String json) {
		try {
			return JSON.readValue(json, OAuthProvider.class);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("an authorization in flight cannot be read", ex);
		}
	}

	static String hash(String value) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.US_ASCII)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private record Row(Pending pending, Instant expiresAt, boolean used) {
	}

}
