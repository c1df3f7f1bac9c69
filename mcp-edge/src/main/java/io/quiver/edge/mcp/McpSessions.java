package io.quiver.edge.mcp;

import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.edge.security.CallerIdentity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Legacy MCP sessions (2025-11-25, 2025-06-18; SPEC R12.7), kept in the database so that
 * every node serves every session: a client declares its capabilities once, at
 * {@code initialize}, and the calls of the session relay what it declared (sampling,
 * elicitation). A request without {@code Mcp-Session-Id} is served as before, with no
 * capabilities.
 * <p>
 * A session id is 32 random bytes, base64url; it belongs to the organisation and subject
 * that opened it, and is unknown to anybody else. A session unused for
 * {@value #IDLE_HOURS} hours, or deleted by its client, is gone: a request naming it is
 * answered 404, and the client initialises again (the spec's recovery). Its last use is
 * written at most once every {@value #TOUCH_MINUTES} minutes, so that a busy session does
 * not write on every request.
 */
@Component
class McpSessions {

	static final int IDLE_HOURS = 24;

	static final int TOUCH_MINUTES = 10;

	private static final int MAX_CAPABILITIES_CHARS = 4000;

	private final JdbcTemplate jdbc;

	private final SecureRandom random = new SecureRandom();

	private final Clock clock = Clock.systemUTC();

	McpSessions(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** Opens a session for a client that initialised; answers its id. */
	String open(CallerIdentity identity, String protocolVersion, JsonNode capabilities, JsonNode clientInfo) {
		byte[] bytes = new byte[32];
		this.random.nextBytes(bytes);
		String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
		Timestamp now = Timestamp.from(this.clock.instant());
		String declared = relayable(capabilities).toString();
		String client = (clientInfo != null && clientInfo.path("name").isTextual())
				? bounded(clientInfo.path("name").asText(), 200) : null;
		this.jdbc.update(
				"INSERT INTO mcp_session (session_id, org_id, subject, protocol_version, client_capabilities, "
						+ "client_name, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
				id, identity.orgId(), identity.subject(), protocolVersion, bounded(declared, MAX_CAPABILITIES_CHARS),
				client, now, now);
		return id;
	}

	/**
	 * The caller's session of this id, or null when there is none (unknown, another
	 * caller's, idle too long, or deleted).
	 */
	Session find(String id, CallerIdentity identity) {
		if (id == null || id.length() > 64) {
			return null;
		}
		Instant now = this.clock.instant();
		List<Session> found = this.jdbc.query(
				"SELECT session_id, protocol_version, client_capabilities, last_used_at FROM mcp_session "
						+ "WHERE session_id = ? AND org_id = ? AND subject = ?",
				(row, index) -> new Session(row.getString(1), row.getString(2), capabilities(row.getString(3)),
						row.getTimestamp(4).toInstant()),
				id, identity.orgId(), identity.subject());
		if (found.isEmpty()) {
			return null;
		}
		Session session = found.get(0);
		if (session.lastUsed().isBefore(now.minus(Duration.ofHours(IDLE_HOURS)))) {
			return null;
		}
		if (session.lastUsed().isBefore(now.minus(Duration.ofMinutes(TOUCH_MINUTES)))) {
			this.jdbc.update("UPDATE mcp_session SET last_used_at = ? WHERE session_id = ?", Timestamp.from(now), id);
		}
		return session;
	}

	/** Ends the caller's session; false when it had none of this id. */
	boolean delete(String id, CallerIdentity identity) {
		return id != null
				&& this.jdbc.update("DELETE FROM mcp_session WHERE session_id = ? AND org_id = ? AND " + "subject = ?",
						id, identity.orgId(), identity.subject()) > 0;
	}

	@Scheduled(cron = "0 23 * * * *", zone = "UTC")
	void deleteIdle() {
		this.jdbc.update("DELETE FROM mcp_session WHERE last_used_at < ?",
				Timestamp.from(this.clock.instant().minus(Duration.ofHours(IDLE_HOURS))));
	}

	/** The declared capabilities Quiver relays, as stored: an object of empty objects. */
	private static ObjectNode relayable(JsonNode capabilities) {
		ObjectNode kept = JsonNodeFactory.instance.objectNode();
		for (String capability : List.of("sampling", "elicitation")) {
			if (capabilities != null && capabilities.hasNonNull(capability)) {
				kept.putObject(capability);
			}
		}
		return kept;
	}

	private static Set<String> capabilities(String stored) {
		Set<String> names = new HashSet<>();
		for (String capability : List.of("sampling", "elicitation")) {
			if (stored != null && stored.contains("\"" + capability + "\"")) {
				names.add(capability);
			}
		}
		return names;
	}

	private static String bounded(String value, int max) {
		StringBuilder clean = new StringBuilder();
		for (int i = 0; i < value.length() && clean.length() < max; i++) {
			char c = value.charAt(i);
			clean.append(Character.isISOControl(c) ? '?' : c);
		}
		return clean.toString();
	}

	/**
	 * One session.
	 *
	 * @param id its id
	 * @param protocolVersion the revision negotiated at initialize
	 * @param capabilities what the client declared that Quiver relays
	 * @param lastUsed when it was last used (to the {@value #TOUCH_MINUTES} minutes)
	 */
	record Session(String id, String protocolVersion, Set<String> capabilities, Instant lastUsed) {
	}

}
