package io.quiver.command;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A fresh PostgreSQL schema for one test class, on the database named by the environment
 * variable {@value #URL_VARIABLE} (e.g.
 * {@code jdbc:postgresql://127.0.0.1:5432/test?user=postgres}). Tests that use it are
 * annotated
 * {@code @EnabledIfEnvironmentVariable(named = "QUIVER_TEST_POSTGRES_URL", matches = ".+")}
 * and register it from a {@code @DynamicPropertySource} method; Flyway migrates the
 * schema like the application would. The schema is dropped when the JVM ends, as the
 * edge's {@code TestDatabase} does: the application context that uses it stays cached
 * until then.
 */
public final class PostgresTestSchema {

	public static final String URL_VARIABLE = "QUIVER_TEST_POSTGRES_URL";

	private final String baseUrl;

	private final String schema;

	private PostgresTestSchema(String baseUrl, String schema) {
		this.baseUrl = baseUrl;
		this.schema = schema;
	}

	/**
	 * Creates schema {@code t_<random>} and points the data source and Flyway at it.
	 */
	public static PostgresTestSchema createAndRegister(DynamicPropertyRegistry registry) {
		String baseUrl = System.getenv(URL_VARIABLE);
		if (baseUrl == null || baseUrl.isBlank()) {
			throw new IllegalStateException(URL_VARIABLE + " is not set");
		}
		PostgresTestSchema fresh = new PostgresTestSchema(baseUrl,
				"t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16));
		fresh.execute("CREATE SCHEMA " + fresh.schema);
		Runtime.getRuntime().addShutdownHook(new Thread(fresh::drop));
		registry.add("spring.datasource.url", fresh::url);
		registry.add("spring.flyway.schemas", () -> fresh.schema);
		return fresh;
	}

	public String url() {
		return this.baseUrl + (this.baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + this.schema;
	}

	/** Drops the schema with everything in it. */
	private void drop() {
		execute("DROP SCHEMA IF EXISTS " + this.schema + " CASCADE");
	}

	private void execute(String sql) {
		try (Connection connection = DriverManager.getConnection(this.baseUrl);
				Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot run '" + sql + "' on " + URL_VARIABLE, ex);
		}
	}

}
