package io.quiver.query.audit;

import java.sql.ResultSet;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.audit.api.AuditEntry;
import io.quiver.query.audit.api.AuditVerification;
import io.quiver.query.audit.api.AuditVerifier;
import io.quiver.query.audit.api.BrokenLink;
import io.quiver.query.audit.proof.EntryEncoding;
import io.quiver.query.audit.proof.EntryJson;
import io.quiver.query.audit.proof.WriteAheadPairs;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Verifies an organisation's trail in table {@code tool_call_audit} (SPEC R10.4): streams
 * it from the first entry, oldest first, and reports the first broken link: an entry
 * missing or inserted, a previous-hash that is not the hash of the entry before, content
 * that does not match its hash ({@link EntryEncoding}, no downgrade after the cut-over),
 * a write-ahead pair that does not hold ({@link WriteAheadPairs}), or entries missing
 * after the last one the chain's head counts.
 */
@Component
class JdbcAuditVerifier implements AuditVerifier {

	private final JdbcTemplate jdbc;

	private final TrailScan scan;

	JdbcAuditVerifier(JdbcTemplate jdbc, DataSource dataSource, PlatformTransactionManager transactionManager) {
		this.jdbc = jdbc;
		this.scan = new TrailScan(dataSource, transactionManager, 500);
	}

	@Override
	public AuditVerification verify(String orgId) {
		long[] count = { 0 };
		String[] previous = { EntryEncoding.GENESIS };
		int[] version = { EntryEncoding.LEGACY };
		Long[] cutOver = { null };
		BrokenLink[] broken = { null };
		WriteAheadPairs pairs = new WriteAheadPairs();
		this.scan.scan("SELECT * FROM tool_call_audit WHERE org_id = ? ORDER BY seq", (ResultSet rs) -> {
			count[0]++;
			if (broken[0] != null) {
				// past the break the entries are only counted
				return;
			}
			AuditEntry entry = AuditRows.ROW.mapRow(rs, 0);
			String reason = null;
			ObjectNode json = EntryJson.of(orgId, entry);
			if (entry.seq() != count[0]) {
				reason = "expected entry " + count[0] + " here: an entry is missing or was inserted";
			}
			else if (!entry.prevHash().equals(previous[0])) {
				reason = "its previous-hash does not match the hash of the entry before it";
			}
			else {
				try {
					version[0] = EntryEncoding.requireNoDowngrade(version[0], json);
					if (!entry.hash().equals(EntryEncoding.hash(json))) {
						reason = "its content does not match its hash: the entry was altered";
					}
				}
				catch (IllegalArgumentException ex) {
					reason = ex.getMessage();
				}
			}
			if (reason == null) {
				reason = pairs.check(entry.seq(), entry.phase(), entry.attemptSeq());
			}
			if (reason != null) {
				broken[0] = new BrokenLink(entry.seq(), entry.entryId(), reason);
			}
			if (cutOver[0] == null && entry.version() == EntryEncoding.CURRENT) {
				cutOver[0] = entry.seq();
			}
			previous[0] = entry.hash();
		}, orgId);
		if (broken[0] == null) {
			List<Map<String, Object>> head = this.jdbc
				.queryForList("SELECT last_seq, last_hash FROM tool_call_audit_head WHERE org_id = ?", orgId);
			long headSeq = head.isEmpty() ? 0 : ((Number) head.get(0).get("last_seq")).longValue();
			if (headSeq != count[0]) {
				broken[0] = new BrokenLink(count[0] + 1, null, "the chain's head records " + headSeq + " entries but "
						+ count[0] + " were found: entries after " + count[0] + " are missing");
			}
		}
		return new AuditVerification(broken[0] == null, count[0], broken[0], cutOver[0]);
	}

}
