package io.quiver.edge.config;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.flyway.FlywayConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Tells the PostgreSQL migrations which role Quiver runs as (SPEC R10.10): when they run
 * as an owner role of their own ({@code spring.flyway.user}), they grant that runtime
 * role ({@code spring.datasource.username}) what it needs and no more, and it owns none
 * of the audit trail's tables. Passed as the session setting {@code quiver.runtime_role}
 * on Flyway's connections, so that a migration run by hand, without it, grants nothing
 * and fails nothing; without {@code spring.flyway.user} one role does both and nothing is
 * passed. See {@code docs/operations.md}, "Two database roles".
 */
@Configuration(proxyBeanMethods = false)
class MigrationRoles {

	@Bean
	FlywayConfigurationCustomizer runtimeRole(@Value("${spring.datasource.url:}") String url,
			@Value("${spring.datasource.username:}") String runtimeRole,
			@Value("${spring.flyway.user:}") String migrationRole) {
		return (flyway) -> {
			// only when migrations run as a role of their own: otherwise the one role
			// owns
			// and runs everything, and there is nothing to grant
			if (url.startsWith("jdbc:postgresql:") && !migrationRole.isBlank() && !runtimeRole.isBlank()
					&& !runtimeRole.equals(migrationRole)) {
				flyway.initSql("SET quiver.runtime_role TO '" + runtimeRole.replace("'", "''") + "'");
			}
		};
	}

}
