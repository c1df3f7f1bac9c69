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
 * Issuing a state voids the connection's earlier unused ones: only the latest link works.
 * A state is bound to the browser that opens Quiver's start link ({@link #open}): that
 * browser gets a cookie holding a nonce, only the nonce's SHA-256 is kept, and
 * {@link #consume} refuses a callback without it (account-linking CSRF).
 */
@Component
public class ConnectStates {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final String OPENED_ALREADY = "this link was opened already, in a browser of its own: a link "
			+ "works once; start again from quiver__connections__refresh or the console's Connections page";

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
				"UPDATE oauth_connect_state SET used_at = ? WHERE org_id = ? AND connection_id = ? AND used_at IS NULL",
				Timestamp.from(now), orgId, connectionId);
		this.jdbc.update(
				"INSERT INTO oauth_connect_state (state_hash, org_id, member_id, connection_id, code_verifier, "
						+ "redirect_uri, provider, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
				hash(state), orgId, memberId, connectionId, verifier, redirectUri, json, Timestamp.from(now),
				Timestamp.from(now.plus(this.ttl)));
		return state;
	}

	/**
	 * Opens a state's start link in a browser: binds the state to that browser, once.
	 * @param nonce the random value of the cookie set on that browser
	 * @return the authorization, to send the browser on to its provider
	 * @throws StateRefused when the state is unknown, used, expired or opened already
	 */
	Pending open(String state, String nonce) {
		Row row = find(state);
		if (row.browserHash() != null) {
			throw new StateRefused(OPENED_ALREADY);
		}
		int opened = this.jdbc.update("UPDATE oauth_connect_state SET browser_hash = ? WHERE state_hash = ? "
				+ "AND browser_hash IS NULL AND used_at IS NULL", hash(nonce), hash(state));
		if (opened != 1) {
			throw new StateRefused(OPENED_ALREADY);
		}
		return row.pending();
	}

	/**
	 * Consumes a state: the authorization it was issued for.
	 * @param nonce the value of the cookie {@link #open} set on the browser, or null
	 * @throws StateRefused when it is unknown, used already or expired, or the callback
	 * reaches a browser other than the one that opened the start link
	 */
	Pending consume(String state, String nonce) {
		Row row = find(state);
		if (row.browserHash() == null || nonce == null || nonce.length() > 200
				|| !MessageDigest.isEqual(row.browserHash().getBytes(StandardCharsets.US_ASCII),
						hash(nonce).getBytes(StandardCharsets.US_ASCII))) {
			throw new StateRefused("this authorization was started in another browser: the callback must reach "
					+ "the browser that opened Quiver's link; nothing was stored");
		}
		int consumed = this.jdbc.update(
				"UPDATE oauth_connect_state SET used_at = ? WHERE state_hash = ? AND used_at IS NULL",
				Timestamp.from(this.clock.instant()), hash(state));
		if (consumed != 1) {
			throw new StateRefused("this authorization was completed already: a state is used once; start again");
		}
		return row.pending();
	}

	/** A state that is issued, unused and unexpired. */
	private Row find(String state) {
		if (state == null || state.isEmpty() || state.length() > 200) {
			throw new StateRefused("the callback carries no valid state: it was not issued by this Quiver");
		}
		List<Row> rows = this.jdbc.query(
				"SELECT org_id, member_id, connection_id, code_verifier, redirect_uri, provider, expires_at, used_at, "
						+ "browser_hash FROM oauth_connect_state WHERE state_hash = ?",
				(rs, n) -> new Row(
						new Pending(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
								provider(rs.getString(6))),
						rs.getTimestamp(7).toInstant(), rs.getTimestamp(8) != null, rs.getString(9)),
				hash(state));
		if (rows.isEmpty()) {
			throw new StateRefused("the callback's state does not match an authorization this Quiver started");
		}
		Row row = rows.get(0);
		if (row.used()) {
			throw new StateRefused("this authorization was completed already, or a newer one was started for its "
					+ "connection: a state is used once; start again");
		}
		if (!this.clock.instant().isBefore(row.expiresAt())) {
			throw new StateRefused(
					"this authorization expired (it is valid for " + this.ttl.toMinutes() + " minutes); start again");
		}
		return row;
	}

	/** How long a state is valid. */
	Duration ttl() {
		return this.ttl;
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

	private record Row(Pending pending, Instant expiresAt, boolean used, String browserHash) {
	}

}
