package io.quiver.query.member;

import java.time.Instant;
import java.util.List;

import io.quiver.command.member.api.MemberInvitedEvent;
import io.quiver.command.member.api.MemberReinstatedEvent;
import io.quiver.command.member.api.MemberRemovedEvent;
import io.quiver.command.member.api.MemberRoleChangedEvent;
import io.quiver.command.member.api.MemberSuspendedEvent;
import io.quiver.query.support.Instants;
import io.quiver.query.member.api.FindMemberQuery;
import io.quiver.query.member.api.FindMembersQuery;
import io.quiver.query.member.api.MemberSummary;
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
 * The member directory: one row per member, table {@code member_directory}.
 */
@Component
@ProcessingGroup(MemberDirectoryProjection.PROCESSING_GROUP)
public class MemberDirectoryProjection {

	public static final String PROCESSING_GROUP = "member-directory";

	private static final RowMapper<MemberSummary> ROW = (rs, i) -> new MemberSummary(rs.getString("member_id"),
			rs.getString("subject"), rs.getString("email"), rs.getString("role"), rs.getString("status"),
			rs.getString("invited_at"), rs.getString("updated_at"));

	private final JdbcTemplate jdbc;

	public MemberDirectoryProjection(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@EventHandler
	void on(MemberInvitedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		this.jdbc
			.update("""
					INSERT INTO member_directory (member_id, org_id, subject, email, role, status, invited_at, updated_at, last_seq)
					SELECT ?, ?, ?, ?, ?, 'ACTIVE', ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM member_directory WHERE member_id = ?)""",
					event.memberId(), event.orgId(), event.subject(), event.email(), event.role().name(),
					Instants.format(at), Instants.format(at), seq, event.memberId());
	}

	@EventHandler
	void on(MemberRoleChangedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.memberId(), "role", event.to().name(), seq, at);
	}

	@EventHandler
	void on(MemberSuspendedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.memberId(), "status", "SUSPENDED", seq, at);
	}

	@EventHandler
	void on(MemberReinstatedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.memberId(), "status", "ACTIVE", seq, at);
	}

	@EventHandler
	void on(MemberRemovedEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		update(event.memberId(), "status", "REMOVED", seq, at);
	}

	private void update(String memberId, String column, String value, long seq, Instant at) {
		this.jdbc.update(
				"UPDATE member_directory SET " + column
						+ " = ?, updated_at = ?, last_seq = ? WHERE member_id = ? AND last_seq < ?",
				value, Instants.format(at), seq, memberId, seq);
	}

	@ResetHandler
	void reset() {
		this.jdbc.update("DELETE FROM member_directory");
	}

	@QueryHandler
	List<MemberSummary> handle(FindMembersQuery query) {
		return this.jdbc.query("SELECT * FROM member_directory WHERE org_id = ? ORDER BY subject", ROW, query.orgId());
	}

	@QueryHandler
	MemberSummary handle(FindMemberQuery query) {
		List<MemberSummary> found = this.jdbc.query(
				"SELECT * FROM member_directory WHERE org_id = ? AND (member_id = ? OR subject = ?) "
						+ "ORDER BY CASE status WHEN 'REMOVED' THEN 1 ELSE 0 END, invited_at DESC",
				ROW, query.orgId(), query.member(), query.member());
		return found.isEmpty() ? null : found.get(0);
	}

}
