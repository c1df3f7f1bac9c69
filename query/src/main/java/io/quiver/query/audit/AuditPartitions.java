package io.quiver.query.audit;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Locale;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Keeps monthly partitions of the tool-call trail ready twelve months ahead on PostgreSQL
 * (SPEC R10.6), at start-up and daily, so entries never pile up in the default partition.
 * Each is made by the database function {@code tool_call_audit_add_partition}, which
 * gives it its append-only trigger as it makes it (R10.10) and runs as the trail's owner,
 * so the role Quiver runs as needs no right to create or alter tables. Making one that
 * exists does nothing, so nodes may race. On H2, which has no partitions, it does
 * nothing.
 */
@Component
class AuditPartitions {

	static final int MONTHS_AHEAD = 12;

	private static final Logger log = LoggerFactory.getLogger(AuditPartitions.class);

	private final JdbcTemplate jdbc;

	private final boolean postgres;

	AuditPartitions(JdbcTemplate jdbc, DataSource dataSource) throws SQLException {
		this.jdbc = jdbc;
		try (Connection connection = dataSource.getConnection()) {
			DatabaseMetaData metaData = connection.getMetaData();
			this.postgres = metaData.getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
		}
	}

	@EventListener(ApplicationReadyEvent.class)
	void onStart() {
		ensureAhead();
	}

	@Scheduled(cron = "0 17 3 * * *", zone = "UTC")
	void daily() {
		ensureAhead();
	}

	void ensureAhead() {
		if (!this.postgres) {
			return;
		}
		LocalDate month = LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1);
		for (int i = 0; i <= MONTHS_AHEAD; i++) {
			LocalDate start = month.plusMonths(i);
			try {
				this.jdbc.queryForObject("SELECT tool_call_audit_add_partition(?)", Boolean.class, start);
			}
			catch (RuntimeException ex) {
				log.warn("Could not create the audit partition for {}: {}", start, ex.getClass().getName());
			}
		}
	}

}
