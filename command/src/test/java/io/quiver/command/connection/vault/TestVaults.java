package io.quiver.command.connection.vault;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A real vault on a fresh in-memory H2 database migrated by Flyway, without a Spring
 * context. Shared with the other modules' tests through the test jar.
 */
public final class TestVaults {

	private static final AtomicInteger DATABASES = new AtomicInteger();

	private TestVaults() {
	}

	/** A migrated, empty in-memory database. */
	public static DataSource database() {
		DriverManagerDataSource dataSource = new DriverManagerDataSource(
				"jdbc:h2:mem:vault" + DATABASES.incrementAndGet()
						+ ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1",
				"sa", "");
		Flyway.configure().dataSource(dataSource).locations("classpath:db/migration/common").load().migrate();
		return dataSource;
	}

	/** A fresh random vault key. */
	public static VaultKey randomKey() {
		byte[] bytes = new byte[32];
		new SecureRandom().nextBytes(bytes);
		return VaultKey.of(bytes);
	}

	/** A vault with a random key on a fresh database. */
	public static CredentialVault inMemory() {
		return new CredentialVault(new JdbcTemplate(database()), randomKey());
	}

}
