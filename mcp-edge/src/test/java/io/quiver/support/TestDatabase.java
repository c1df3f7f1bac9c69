package io.quiver.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The database every integration test of this JVM shares: PostgreSQL, in a fresh schema,
 * when {@value #POSTGRES_URL} is set (CI always sets it), otherwise H2 in memory in
 * PostgreSQL mode. One database per JVM keeps one Spring context for all tests; tests
 * isolate themselves by working in organisations of their own.
 */
public final class TestDatabase {

	public static final String POSTGRES_URL = "QUIVER_TEST_POSTGRES_URL";

	/**
	 * The token a scraper from another machine presents at {@code /actuator/prometheus}.
	 */
	public static final String SCRAPE_TOKEN = "test-scrape-token-4b1e9c";

	private static final String SCHEMA = "q_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

	private static final Path DATA_DIR;

	private static final String VAULT_KEY;

	private static volatile boolean created;

	static {
		try {
			DATA_DIR = Files.createTempDirectory("quiver-test-data");
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException(ex);
		}
		byte[] key = new byte[32];
		new SecureRandom().nextBytes(key);
		VAULT_KEY = Base64.getEncoder().encodeToString(key);
	}

	private TestDatabase() {
	}

	public static boolean postgres() {
		String url = System.getenv(POSTGRES_URL);
		return url != null && !url.isBlank();
	}

	/**
	 * Registers the data source, Flyway, vault key, data directory and test issuer
	 * settings.
	 */
	public static void register(DynamicPropertyRegistry registry) {
		properties().forEach((key, value) -> registry.add(key, () -> value));
	}

	/**
	 * The same settings as a map, for an application started beside the test context on
	 * the same database (the public URL left to the caller).
	 */
	public static Map<String, String> properties() {
		Map<String, String> properties = new LinkedHashMap<>();
		if (postgres()) {
			createSchema();
			properties.put("spring.datasource.url", postgresUrl());
			properties.put("spring.datasource.username", "");
			properties.put("spring.flyway.schemas", SCHEMA);
		}
		else {
			properties.put("spring.datasource.url", "jdbc:h2:mem:quiver-" + SCHEMA
					+ ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
		}
		properties.put("quiver.data-dir", DATA_DIR.toString());
		properties.put("quiver.vault.key", VAULT_KEY);
		properties.put("quiver.dev-issuer.enabled", "true");
		properties.put("quiver.metrics.scrape-token", SCRAPE_TOKEN);
		properties.put("quiver.public-url", "http://localhost");
		// as behind a proxy or on Kubernetes: forwarded headers are believed from anyone,
		// so tests show that nothing that matters trusts them
		properties.put("server.forward-headers-strategy", "native");
		properties.put("server.tomcat.remoteip.internal-proxies", ".*");
		return properties;
	}

	/**
	 * The application's URL: this JVM's schema, and an application name that lets a test
	 * find (and terminate) exactly this JVM's connections in {@code pg_stat_activity}.
	 */
	public static String postgresUrl() {
		String base = System.getenv(POSTGRES_URL);
		return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + SCHEMA + "&ApplicationName="
				+ applicationName();
	}

	/** The {@code application_name} of this JVM's connections. */
	public static String applicationName() {
		return "quiver-" + SCHEMA;
	}

	public static String schema() {
		return SCHEMA;
	}

	/** The vault key of this JVM's application, for a node started beside it. */
	public static String vaultKey() {
		return VAULT_KEY;
	}

	/** The data directory (dev issuer's key) of this JVM's application. */
	public static Path dataDir() {
		return DATA_DIR;
	}

	private static synchronized void createSchema() {
		if (created) {
			return;
		}
		execute("CREATE SCHEMA " + SCHEMA);
		created = true;
		Runtime.getRuntime().addShutdownHook(new Thread(() -> execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE")));
	}

	/**
	 * Runs one statement on the PostgreSQL server of {@value #POSTGRES_URL}, outside any
	 * schema (creating or dropping the schema of a node started beside the application,
	 * clearing its tables by their qualified names).
	 */
	public static void execute(String sql) {
		try (Connection connection = DriverManager.getConnection(System.getenv(POSTGRES_URL));
				Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot run '" + sql + "' on " + POSTGRES_URL, ex);
		}
	}

	/**
	 * The one integer a query on the PostgreSQL server of {@value #POSTGRES_URL} answers.
	 */
	public static int queryForInt(String sql) {
		try (Connection connection = DriverManager.getConnection(System.getenv(POSTGRES_URL));
				Statement statement = connection.createStatement();
				java.sql.ResultSet result = statement.executeQuery(sql)) {
			result.next();
			return result.getInt(1);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot run '" + sql + "' on " + POSTGRES_URL, ex);
		}
	}

}
