package io.quiver.edge.mcp;

import java.io.IOException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.edge.security.CallerIdentity;
import io.quiver.query.support.PostgresListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Carries a caller's message to the node that runs its call (SPEC R12.7), when the
 * message reached another one: a {@code notifications/cancelled}, or the caller's answer
 * to a sampling or elicitation request relayed on the call's stream. The receiving node
 * writes it to {@code mcp_relay_inbox}; a row trigger notifies every node (PostgreSQL
 * {@code NOTIFY}); the node that has the call (or the waiting request) in
 * {@link InFlightCalls} takes the row and deletes it. Rows nobody takes (the call had
 * ended) are deleted after {@value #KEEP_MINUTES} minutes. On the embedded H2 database
 * there is one node, and nothing to carry.
 */
@Component
class McpRelayInbox extends PostgresListener {

	static final int KEEP_MINUTES = 5;

	static final String CANCEL = "cancel";

	static final String ANSWER = "answer";

	private final JdbcTemplate jdbc;

	private final InFlightCalls inFlight;

	private final ObjectMapper json;

	private final Clock clock = Clock.systemUTC();

	McpRelayInbox(JdbcTemplate jdbc, DataSource dataSource, InFlightCalls inFlight, ObjectMapper json) {
		super(dataSource, "quiver_relay_");
		this.jdbc = jdbc;
		this.inFlight = inFlight;
		this.json = json;
	}

	/** Forwards a message this node has no call for to the other nodes. */
	void forward(CallerIdentity identity, String kind, String messageId, JsonNode body) {
		if (!onPostgres()) {
			return;
		}
		this.jdbc.update(
				"INSERT INTO mcp_relay_inbox (org_id, subject, kind, message_id, body, created_at) "
						+ "VALUES (?, ?, ?, ?, ?, ?)",
				identity.orgId(), identity.subject(), kind, messageId, (body != null) ? body.toString() : null,
				Timestamp.from(this.clock.instant()));
	}

	@Override
	protected void onNotification(String payload) {
		long id;
		try {
			id = Long.parseLong(payload);
		}
		catch (NumberFormatException ex) {
			return;
		}
		this.jdbc.query("SELECT id, org_id, subject, kind, message_id, body FROM mcp_relay_inbox WHERE id = ?",
				(row) -> {
					deliver(row.getLong(1), row.getString(2), row.getString(3), row.getString(4), row.getString(5),
							row.getString(6));
				}, id);
	}

	/** After (re)connecting: whatever arrived meanwhile. */
	@Override
	protected void onListening() {
		List<Long> ids = this.jdbc.queryForList("SELECT id FROM mcp_relay_inbox ORDER BY id", Long.class);
		ids.forEach((id) -> onNotification(Long.toString(id)));
	}

	private void deliver(long id, String orgId, String subject, String kind, String messageId, String body) {
		CallerIdentity identity = new CallerIdentity(orgId, subject, java.util.Set.of());
		boolean taken;
		if (CANCEL.equals(kind)) {
			taken = this.inFlight.cancel(identity, messageId);
		}
		else {
			JsonNode message;
			try {
				message = (body != null) ? this.json.readTree(body) : null;
			}
			catch (IOException ex) {
				message = null;
			}
			taken = message != null && this.inFlight.answer(identity, messageId, message);
		}
		if (taken) {
			this.jdbc.update("DELETE FROM mcp_relay_inbox WHERE id = ?", id);
		}
	}

	@Scheduled(fixedDelay = 60_000)
	void deleteUntaken() {
		if (onPostgres()) {
			this.jdbc.update("DELETE FROM mcp_relay_inbox WHERE created_at < ?",
					Timestamp.from(this.clock.instant().minus(Duration.ofMinutes(KEEP_MINUTES))));
		}
	}

}
