package io.quiver.query.support;

import javax.sql.DataSource;

import org.springframework.boot.autoconfigure.jdbc.JdbcProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The process's one {@link BatchingJdbcTemplate}, in place of the template Spring Boot
 * would make (which it makes only when there is none), configured as Boot would from
 * {@code spring.jdbc.template.*}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(JdbcProperties.class)
public class JdbcConfiguration {

	@Bean
	BatchingJdbcTemplate jdbcTemplate(DataSource dataSource, JdbcProperties properties) {
		BatchingJdbcTemplate jdbc = new BatchingJdbcTemplate(dataSource);
		JdbcProperties.Template template = properties.getTemplate();
		jdbc.setFetchSize(template.getFetchSize());
		jdbc.setMaxRows(template.getMaxRows());
		if (template.getQueryTimeout() != null) {
			jdbc.setQueryTimeout((int) template.getQueryTimeout().getSeconds());
		}
		jdbc.setIgnoreWarnings(template.isIgnoreWarnings());
		jdbc.setSkipResultsProcessing(template.isSkipResultsProcessing());
		jdbc.setSkipUndeclaredResults(template.isSkipUndeclaredResults());
		jdbc.setResultsMapCaseInsensitive(template.isResultsMapCaseInsensitive());
		return jdbc;
	}

}
