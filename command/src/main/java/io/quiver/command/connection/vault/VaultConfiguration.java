package io.quiver.command.connection.vault;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Resolves the vault key once at start-up (see {@link VaultKey#resolve}). The data
 * directory is {@code quiver.data-dir}, default {@code ./data}.
 */
@Configuration(proxyBeanMethods = false)
class VaultConfiguration {

	@Bean
	VaultKey vaultKey(@Value("${quiver.vault.key:}") String configuredKey,
			@Value("${quiver.data-dir:./data}") String dataDir, DataSource dataSource) {
		return VaultKey.resolve(configuredKey, isEmbeddedH2(dataSource), Path.of(dataDir));
	}

	/** The embedded default: H2 in memory or in a local file, not an H2 server. */
	static boolean isEmbeddedH2(DataSource dataSource) {
		try (Connection connection = dataSource.getConnection()) {
			DatabaseMetaData metadata = connection.getMetaData();
			String url = String.valueOf(metadata.getURL());
			return "H2".equalsIgnoreCase(metadata.getDatabaseProductName()) && !url.startsWith("jdbc:h2:tcp:")
					&& !url.startsWith("jdbc:h2:ssl:");
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot reach the database to decide where the vault key comes from", ex);
		}
	}

}
