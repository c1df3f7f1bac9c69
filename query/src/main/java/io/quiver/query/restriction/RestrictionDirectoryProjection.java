package io.quiver.query.restriction;

import java.time.Instant;
import java.util.List;

import io.quiver.command.restriction.api.RestrictionCreatedEvent;
import io.quiver.command.restriction.api.RestrictionDeletedEvent;
import io.quiver.command.restriction.api.RestrictionRules;
import io.quiver.command.restriction.api.RestrictionUpdatedEvent;
import io.quiver.query.support.Instants;
import io.quiver.query.restriction.api.FindRestrictionQuery;
import io.quiver.query.restriction.api.FindRestrictionsQuery;
import io.quiver.query.restriction.api.RestrictionSummary;
import io.quiver.query.support.ReadModelJson;
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
 * The restriction directory: one row per live restriction with its pinned rules, table
 * {@code restriction_directory}.
 */
@Component
@ProcessingGroup(RestrictionDirectoryProjection.PROCESSING_GROUP)
public class RestrictionDirectoryProjection {

	public static final String PROCESSING_GROUP = "restriction-directory";

	private static final RowMapper<RestrictionSummary> ROW = (rs, i) -> new RestrictionSummary(
			rs.getString("restriction_id"), rs.getString("target"),
			ReadModelJson.read(rs.getString("rules"), RestrictionRules.class), rs.getString("created_at"),
			rs.getString("updated_at"));

	private final JdbcTemplate jdbc;

	public RestrictionDirectoryProjection(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@EventHandler
	void on(RestrictionCreatedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		this.jdbc
			.update("""
					INSERT INTO restriction_directory (restriction_id, org_id, target, rules, created_at, updated_at, deleted, last_seq)
					SELECT ?, ?, ?, ?, ?, ?, FALSE, ? WHERE NOT EXISTS (SELECT 1 FROM restriction_directory WHERE restriction_id = ?)""",
					event.restrictionId(), event.orgId(), event.target().toString(), ReadModelJson.write(event.rules()),
					Instants.format(at), Instants.format(at), seq, event.restrictionId());
	}

	@EventHandler
	void on(RestrictionUpdatedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		this.jdbc.update(
				"UPDATE restriction_directory SET rules = ?, updated_at = ?, last_seq = ? WHERE restriction_id = ? AND last_seq < ?",
				ReadModelJson.write(event.after()), Instants.format(at), seq, event.restrictionId(), seq);
	}

	@EventHandler
	void on(RestrictionDeletedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		this.jdbc.update(
				"UPDATE restriction_directory SET deleted = TRUE, updated_at = ?, last_seq = ? WHERE restriction_id = ? AND last_seq < ?",
				Instants.format(at), seq, event.restrictionId(), seq);
	}

	@ResetHandler
	void reset() {
		this.jdbc.update("DELETE FROM restriction_directory");
	}

	@QueryHandler
	List<RestrictionSummary> handle(FindRestrictionsQuery query) {
		if (query.target() != null) {
			return this.jdbc.query(
					"SELECT * FROM restriction_directory WHERE org_id = ? AND target = ? AND NOT deleted ORDER BY created_at, restriction_id",
					ROW, query.orgId(), query.target());
		}
		return this.jdbc.query(
				"SELECT * FROM restriction_directory WHERE org_id = ? AND NOT deleted ORDER BY target, created_at, restriction_id",
				ROW, query.orgId());
	}

	@QueryHandler
	RestrictionSummary handle(FindRestrictionQuery query) {
		List<RestrictionSummary> found = this.jdbc.query(
				"SELECT * FROM restriction_directory WHERE org_id = ? AND restriction_id = ? AND NOT deleted", ROW,
				query.orgId(), query.restrictionId());
		return found.isEmpty() ? null : found.get(0);
	}

}
