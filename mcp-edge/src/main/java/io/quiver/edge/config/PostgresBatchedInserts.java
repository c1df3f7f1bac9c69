package io.quiver.edge.config;

import java.util.Locale;

import com.zaxxer.hikari.HikariDataSource;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.stereotype.Component;

/**
 * Has the PostgreSQL driver send a batch of equal {@code INSERT … VALUES} statements as
 * multi-row inserts ({@code reWriteBatchedInserts}, pgjdbc's own option): the trail's
 * group commits and the projection rebuild's batches then cost the server one statement
 * per chunk of rows instead of one per row. Set on the pool before it opens its first
 * connection, only for a PostgreSQL URL (other drivers refuse settings they do not know),
 * and only where the operator has not chosen a value, in the URL or in
 * {@code spring.datasource.hikari.data-source-properties}. Batched statements then report
 * {@code SUCCESS_NO_INFO} instead of row counts; no batch in Quiver reads them.
 */
@Component
class PostgresBatchedInserts implements BeanPostProcessor {

	static final String SETTING = "reWriteBatchedInserts";

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof HikariDataSource pool && leftToUs(pool)) {
			pool.addDataSourceProperty(SETTING, "true");
		}
		return bean;
	}

	/** A PostgreSQL pool whose operator set the option neither in the URL nor on it. */
	private static boolean leftToUs(HikariDataSource pool) {
		String url = (pool.getJdbcUrl() != null) ? pool.getJdbcUrl() : "";
		return url.startsWith("jdbc:postgresql:")
				&& !url.toLowerCase(Locale.ROOT).contains(SETTING.toLowerCase(Locale.ROOT) + "=")
				&& !pool.getDataSourceProperties().containsKey(SETTING);
	}

}
