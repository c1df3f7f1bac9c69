package io.quiver.benchmarks.system;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A benchmark's own PostgreSQL schema on the server of {@code --pg-url}, and the settings
 * of the nodes that run on it: made by {@link #create}, dropped with everything in it by
 * {@link #drop}.
 */
final class BenchSchema {

	private final String pgUrl;

	private final String name;

	/** A schema named {@code prefix} and twelve random hex digits (not made yet). */
	BenchSchema(String pgUrl, String prefix) {
		this.pgUrl = pgUrl;
		this.name = prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
	}

	String name() {
		return this.name;
	}

	/** The JDBC URL of this schema. */
	String url() {
		return this.pgUrl + (this.pgUrl.contains("?") ? "&" : "?") + "currentSchema=" + this.name;
	}

	void create() {
		sql("CREATE SCHEMA " + this.name);
	}

	void drop() {
		sql("DROP SCHEMA IF EXISTS " + this.name + " CASCADE");
	}

	/**
	 * The settings of a node on this schema: data source, Flyway, a fresh vault key, the
	 * data directory (the dev issuer's key, shared by the nodes given the same one), the
	 * dev issuer, warnings only in the log; then {@code more}, as key, value, ...
	 */
	Map<String, String> nodeSettings(Path dataDir, String... more) {
		byte[] key = new byte[32];
		new SecureRandom().nextBytes(key);
		Map<String, String> settings = new HashMap<>(Map.of("spring.datasource.url", url(), "spring.flyway.schemas",
				this.name, "quiver.vault.key", Base64.getEncoder().encodeToString(key), "quiver.data-dir",
				dataDir.toString(), "quiver.dev-issuer.enabled", "true", "quiver.public-url", "http://localhost",
				"logging.level.root", "WARN"));
		for (int i = 0; i + 1 < more.length; i += 2) {
			settings.put(more[i], more[i + 1]);
		}
		return Map.copyOf(settings);
	}

	/** Runs one statement on the server, outside the schema (name tables by it). */
	void sql(String statement) {
		try (Connection connection = DriverManager.getConnection(this.pgUrl);
				Statement sql = connection.createStatement()) {
			sql.execute(statement);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(statement, ex);
		}
	}

}
