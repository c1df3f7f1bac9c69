package io.quiver.query.audit;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Streams rows of the trail's tables in one read-only transaction, a batch of rows at a
 * time, so that reading a whole trail (an export, a verification, a proof) never holds it
 * in memory.
 */
final class TrailScan {

	private final JdbcTemplate streaming;

	private final TransactionTemplate readOnly;

	TrailScan(DataSource dataSource, PlatformTransactionManager transactionManager, int fetchSize) {
		this.streaming = new JdbcTemplate(dataSource);
		this.streaming.setFetchSize(fetchSize);
		this.readOnly = new TransactionTemplate(transactionManager);
		this.readOnly.setReadOnly(true);
	}

	void scan(String sql, RowCallbackHandler rows, Object... args) {
		this.readOnly.executeWithoutResult((status) -> this.streaming.query(sql, rows, args));
	}

}
