package io.quiver.edge.config;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Batched inserts are rewritten as multi-row inserts on PostgreSQL unless the operator
 * chose otherwise, and no other driver is handed a setting it does not know. The pools
 * are configured, never started.
 */
class PostgresBatchedInsertsTest {

	private final PostgresBatchedInserts settings = new PostgresBatchedInserts();

	@Test
	void aPostgresPoolRewritesBatchedInserts() {
		HikariDataSource pool = pool("jdbc:postgresql://db.example:5432/quiver");
		this.settings.postProcessBeforeInitialization(pool, "dataSource");
		assertThat(pool.getDataSourceProperties()).containsEntry("reWriteBatchedInserts", "true");
	}

	@Test
	void theOperatorsChoiceIsKept() {
		HikariDataSource inProperties = pool("jdbc:postgresql://db.example:5432/quiver");
		inProperties.addDataSourceProperty("reWriteBatchedInserts", "false");
		this.settings.postProcessBeforeInitialization(inProperties, "dataSource");
		assertThat(inProperties.getDataSourceProperties()).containsEntry("reWriteBatchedInserts", "false");

		HikariDataSource inUrl = pool("jdbc:postgresql://db.example:5432/quiver?rewritebatchedinserts=false");
		this.settings.postProcessBeforeInitialization(inUrl, "dataSource");
		assertThat(inUrl.getDataSourceProperties()).doesNotContainKey("reWriteBatchedInserts");
	}

	@Test
	void otherDatabasesAreLeftAlone() {
		HikariDataSource h2 = pool("jdbc:h2:file:./data/quiver;MODE=PostgreSQL");
		this.settings.postProcessBeforeInitialization(h2, "dataSource");
		assertThat(h2.getDataSourceProperties()).isEmpty();
		assertThat(this.settings.postProcessBeforeInitialization("not a pool", "other")).isEqualTo("not a pool");
	}

	private static HikariDataSource pool(String url) {
		HikariDataSource pool = new HikariDataSource();
		pool.setJdbcUrl(url);
		return pool;
	}

}
