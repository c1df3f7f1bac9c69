package io.quiver.query.audit;

import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import javax.sql.DataSource;

import io.quiver.query.audit.api.AuditEntry;
import io.quiver.query.audit.api.AuditPage;
import io.quiver.query.audit.api.AuditReader;
import io.quiver.query.audit.api.FindAuditEntriesQuery;
import io.quiver.query.audit.api.ToolCallRecord;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Reads the tool-call trail in table {@code tool_call_audit} (SPEC R10.3, R10.5): pages
 * newest first by {@code seq} cursor, exports streamed oldest first; an attempt entry
 * carries its outcome entry (R10.7), and the filter {@code outcome-unknown} finds the
 * attempts whose outcome never came.
 */
@Component
class JdbcAuditReader implements AuditReader {

	private final JdbcTemplate jdbc;

	private final TrailScan scan;

	JdbcAuditReader(JdbcTemplate jdbc, DataSource dataSource, PlatformTransactionManager transactionManager) {
		this.jdbc = jdbc;
		this.scan = new TrailScan(dataSource, transactionManager, 500);
	}

	@Override
	public AuditPage find(FindAuditEntriesQuery query) {
		int limit = Math.max(1, Math.min(query.limit(), 500));
		Filter filter = filter(query, true);
		filter.sql.append(" ORDER BY a.seq DESC LIMIT ?");
		filter.args.add(limit + 1);
		List<AuditEntry> entries = this.jdbc.query(filter.sql.toString(), AuditRows.JOINED, filter.args.toArray());
		String next = null;
		if (entries.size() > limit) {
			entries = entries.subList(0, limit);
			next = Long.toString(entries.get(limit - 1).seq());
		}
		return new AuditPage(List.copyOf(entries), next);
	}

	@Override
	public void export(FindAuditEntriesQuery query, Consumer<AuditEntry> sink) {
		Filter filter = filter(query, false);
		filter.sql.append(" ORDER BY a.seq");
		this.scan.scan(filter.sql.toString(), (ResultSet rs) -> sink.accept(AuditRows.JOINED.mapRow(rs, 0)),
				filter.args.toArray());
	}

	/**
	 * The entries that match, each attempt entry joined to its outcome entry, if one came
	 * (SPEC R10.7).
	 */
	private Filter filter(FindAuditEntriesQuery query, boolean paged) {
		Filter filter = new Filter();
		filter.sql.append("SELECT a.*, o.seq AS settled_seq, o.outcome AS settled_outcome, "
				+ "o.error_code AS settled_error_code, o.connection_id AS settled_connection_id, "
				+ "o.account AS settled_account, o.duration_micros AS settled_duration_micros "
				+ "FROM tool_call_audit a LEFT JOIN tool_call_audit o ON o.org_id = a.org_id AND o.attempt_seq = a.seq "
				+ "WHERE a.org_id = ?");
		filter.args.add(query.orgId());
		if (query.memberId() != null) {
			filter.sql.append(" AND a.member_id = ?");
			filter.args.add(query.memberId());
		}
		if (query.subject() != null) {
			filter.sql.append(" AND a.subject = ?");
			filter.args.add(query.subject());
		}
		if (query.tool() != null) {
			filter.sql.append(" AND (a.resolved_tool = ? OR a.requested_name = ?)");
			filter.args.add(query.tool());
			filter.args.add(query.tool());
		}
		if (query.connection() != null) {
			filter.sql.append(" AND (a.connection_id = ? OR a.account = ?)");
			filter.args.add(query.connection());
			filter.args.add(query.connection());
		}
		if (ToolCallRecord.OUTCOME_UNKNOWN.equals(query.outcome())) {
			// an attempt whose outcome never came
			filter.sql.append(" AND a.outcome = ? AND o.seq IS NULL");
			filter.args.add(query.outcome());
		}
		else if (query.outcome() != null) {
			filter.sql.append(" AND a.outcome = ?");
			filter.args.add(query.outcome());
		}
		if (query.from() != null) {
			filter.sql.append(" AND a.at >= ?");
			filter.args.add(OffsetDateTime.ofInstant(query.from(), ZoneOffset.UTC));
		}
		if (query.to() != null) {
			filter.sql.append(" AND a.at <= ?");
			filter.args.add(OffsetDateTime.ofInstant(query.to(), ZoneOffset.UTC));
		}
		if (paged && query.cursor() != null) {
			long before;
			try {
				before = Long.parseLong(query.cursor());
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException("cursor '" + query.cursor() + "' is not one this API gave out");
			}
			filter.sql.append(" AND a.seq < ?");
			filter.args.add(before);
		}
		return filter;
	}

	private static final class Filter {

		final StringBuilder sql = new StringBuilder();

		final List<Object> args = new ArrayList<>();

	}

}
