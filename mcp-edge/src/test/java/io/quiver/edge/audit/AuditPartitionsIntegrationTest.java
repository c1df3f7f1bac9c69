package io.quiver.edge.audit;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On PostgreSQL the tool-call trail is its own table partitioned by month (SPEC R10.6):
 * partitions exist twelve months ahead, and a call's entry lands in the partition of its
 * month, never in the default partition.
 */
@EnabledIfEnvironmentVariable(named = TestDatabase.POSTGRES_URL, matches = ".+")
class AuditPartitionsIntegrationTest extends QuiverIntegrationTest {

	private static final DateTimeFormatter SUFFIX = DateTimeFormatter.ofPattern("yyyy_MM");

	@Autowired
	JdbcTemplate jdbc;

	@Test
	void entriesLandInTheirMonthsPartition() {
		String org = this.organizations.create("partitions");
		try (Mcp owner = mcp(org, "owner")) {
			for (int i = 0; i < 3; i++) {
				assertThat(owner.call("quiver__org__get", Map.of()).isError()).isFalse();
			}
		}
		List<String> partitions = this.jdbc.queryForList("""
				SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
				JOIN pg_class p ON p.oid = i.inhparent JOIN pg_namespace n ON n.oid = p.relnamespace
				WHERE p.relname = 'tool_call_audit' AND n.nspname = current_schema()""", String.class);
		LocalDate month = LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1);
		for (int ahead = 0; ahead <= 12; ahead++) {
			assertThat(partitions).contains("tool_call_audit_" + SUFFIX.format(month.plusMonths(ahead)));
		}
		assertThat(this.jdbc.queryForList(
				"SELECT DISTINCT tableoid::regclass::text FROM tool_call_audit WHERE org_id = ?", String.class, org))
			.containsExactly("tool_call_audit_" + SUFFIX.format(month));
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM tool_call_audit_default", Long.class)).isZero();
	}

}
