package io.quiver.query.connection;

import java.time.Instant;
import java.util.List;

import io.quiver.command.connection.api.ConnectionAuthorizationPendingEvent;
import io.quiver.command.connection.api.ConnectionCreatedEvent;
import io.quiver.command.connection.api.ConnectionDeletedEvent;
import io.quiver.command.connection.api.ConnectionRelabeledEvent;
import io.quiver.command.connection.api.ConnectionToolsRefreshedEvent;
import io.quiver.command.connection.api.GrantRevokedEvent;
import io.quiver.command.connection.api.GrantRotatedEvent;
import io.quiver.command.connection.api.GrantStoredEvent;
import io.quiver.command.connection.api.ReauthorizationNeededEvent;
import io.quiver.query.support.Instants;
import io.quiver.query.connection.api.ConnectionSummary;
import io.quiver.query.connection.api.FindConnectionQuery;
import io.quiver.query.connection.api.FindConnectionsQuery;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

/**
 * The connection directory: one row per connection, table {@code connection_directory}.
 * Holds the grant's type and fingerprint, never the secret.
 */
@Component
@ProcessingGroup(ConnectionDirectoryProjection.PROCESSING_GROUP)
public class ConnectionDirectoryProjection {

	public static final String PROCESSING_GROUP = "connection-directory";

	private static final RowMapper<ConnectionSummary> ROW = (rs, i) -> new ConnectionSummary(
			rs.getString("connection_id"), rs.getString("connector_id"), rs.getString("label"),
			rs.getString("owner_member_id"), rs.getString("grant_status"), rs.getString("grant_type"),
			rs.getString("grant_fingerprint"), rs.getInt("imported_tools"), rs.getString("created_at"),
			rs.getString("updated_at"));

	private final JdbcTemplate jdbc;

	public ConnectionDirectoryProjection(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@EventHandler
	void on(ConnectionCreatedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		this.jdbc.update(
				"""
						INSERT INTO connection_directory (connection_id, org_id, connector_id, label, owner_member_id, grant_status,
						    imported_tools, created_at, updated_at, deleted, last_seq)
						SELECT ?, ?, ?, ?, ?, 'NONE', 0, ?, ?, FALSE, ?
						WHERE NOT EXISTS (SELECT 1 FROM connection_directory WHERE connection_id = ?)""",
				event.connectionId(), event.orgId(), event.connectorId(), event.label(), event.ownerMemberId(),
				Instants.format(at), Instants.format(at), seq, event.connectionId());
	}

	@EventHandler
	void on(ConnectionRelabeledEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.connectionId(), "label = ?", seq, at, event.to());
	}

	@EventHandler
	void on(GrantStoredEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.connectionId(), "grant_status = 'ACTIVE', grant_type = ?, grant_fingerprint = ?", seq, at,
				event.grant().type().name(), event.grant().fingerprint());
	}

	@EventHandler
	void on(GrantRotatedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.connectionId(), "grant_status = 'ACTIVE', grant_type = ?, grant_fingerprint = ?", seq, at,
				event.grant().type().name(), event.grant().fingerprint());
	}

	@EventHandler
	void on(GrantRevokedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.connectionId(), "grant_status = 'REVOKED', grant_type = NULL, grant_fingerprint = NULL", seq, at);
	}

	@EventHandler
	void on(ConnectionAuthorizationPendingEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.connectionId(), "grant_status = 'PENDING_AUTHORIZATION'", seq, at);
	}

	@EventHandler
	void on(ReauthorizationNeededEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.connectionId(), "grant_status = 'REAUTHORIZATION_NEEDED'", seq, at);
	}

	@EventHandler
	void on(ConnectionToolsRefreshedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.connectionId(), "imported_tools = ?", seq, at, event.operations().size());
	}

	@EventHandler
	void on(ConnectionDeletedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.connectionId(),
				"deleted = TRUE, grant_status = 'NONE', grant_type = NULL, grant_fingerprint = NULL", seq, at);
	}

	private void update(String connectionId, String assignments, long seq, Instant at, Object... values) {
		Object[] args = new Object[values.length + 4];
		System.arraycopy(values, 0, args, 0, values.length);
		args[values.length] = Instants.format(at);
		args[values.length + 1] = seq;
		args[values.length + 2] = connectionId;
		args[values.length + 3] = seq;
		this.jdbc.update("UPDATE connection_directory SET " + assignments
				+ ", updated_at = ?, last_seq = ? WHERE connection_id = ? AND last_seq < ?", args);
	}

	@ResetHandler
	void reset() {
		this.jdbc.update("DELETE FROM connection_directory");
	}

	@QueryHandler
	List<ConnectionSummary> handle(FindConnectionsQuery query) {
		if (query.ownerMemberId() != null) {
			return this.jdbc.query(
					"SELECT * FROM connection_directory WHERE org_id = ? AND owner_member_id = ? AND NOT deleted ORDER BY label",
					ROW, query.orgId(), query.ownerMemberId());
		}
		return this.jdbc.query("SELECT * FROM connection_directory WHERE org_id = ? AND NOT deleted ORDER BY label",
				ROW, query.orgId());
	}

	@QueryHandler
	ConnectionSummary handle(FindConnectionQuery query) {
		List<ConnectionSummary> found = this.jdbc.query(
				"SELECT * FROM connection_directory WHERE org_id = ? AND NOT deleted AND (connection_id = ? OR label = ?)",
				ROW, query.orgId(), query.connection(), query.connection());
		return found.isEmpty() ? null : found.get(0);
	}

}
