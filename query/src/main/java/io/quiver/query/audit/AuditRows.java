package io.quiver.query.audit;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;

import com.fasterxml.jackson.core.type.TypeReference;
import io.quiver.query.audit.api.AuditEntry;
import io.quiver.query.support.ReadModelJson;
import org.springframework.jdbc.core.RowMapper;

/** Rows of {@code tool_call_audit} as entries: what the reader and the verifier read. */
final class AuditRows {

	private static final TypeReference<List<String>> NAMES = new TypeReference<>() {
	};

	/** An entry as stored. */
	static final RowMapper<AuditEntry> ROW = (rs, row) -> map(rs, null);

	/**
	 * A row of the reader's join: an attempt carries its outcome entry (columns
	 * {@code settled_*}), if one came (SPEC R10.7).
	 */
	static final RowMapper<AuditEntry> JOINED = (rs, row) -> {
		long settled = rs.getLong("settled_seq");
		return map(rs,
				rs.wasNull() ? null
						: new AuditEntry.Settled(settled, rs.getString("settled_outcome"),
								rs.getString("settled_error_code"), rs.getString("settled_connection_id"),
								rs.getString("settled_account"), rs.getLong("settled_duration_micros")));
	};

	private AuditRows() {
	}

	private static AuditEntry map(ResultSet rs, AuditEntry.Settled settled) throws SQLException {
		long attemptSeq = rs.getLong("attempt_seq");
		Long attempt = rs.wasNull() ? null : attemptSeq;
		return new AuditEntry(rs.getLong("seq"), rs.getString("entry_id"),
				rs.getObject("at", OffsetDateTime.class).toInstant(), rs.getString("member_id"),
				rs.getString("subject"), rs.getString("requested_name"), rs.getBoolean("via_execute_tool"),
				rs.getString("resolved_tool"), rs.getString("operation"), rs.getString("connection_id"),
				rs.getString("account"), rs.getString("classification"), rs.getString("gate"), rs.getString("decision"),
				rs.getString("outcome"), rs.getString("error_code"),
				ReadModelJson.read(rs.getString("argument_names"), NAMES), rs.getInt("argument_count"),
				rs.getLong("duration_micros"), rs.getString("prev_hash"), rs.getString("hash"),
				rs.getInt("hash_version"), rs.getString("trace_id"), rs.getString("phase"), attempt, settled,
				rs.getString("grant_fingerprint"));
	}

}
