package io.quiver.edge.admin;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import io.quiver.QuiverApplication;
import io.quiver.support.TestDatabase;
import org.axonframework.springboot.autoconfig.AxonTimeoutAutoConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rebuild admin command ({@code java -jar quiver.jar --quiver.rebuild=…}) starts
 * without the web server, as {@code QuiverApplication.main} runs it, and brings back a
 * projection's rows from the events after they were lost.
 */
@ExtendWith(OutputCaptureExtension.class)
class RebuildCommandIntegrationTest {

	private static final String SCHEMA = "rb_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

	private static final String VAULT_KEY = vaultKey();

	private static Path dataDir;

	@BeforeAll
	static void createDatabase() throws Exception {
		dataDir = Files.createTempDirectory("quiver-rebuild");
		if (TestDatabase.postgres()) {
			execute(System.getenv(TestDatabase.POSTGRES_URL), "CREATE SCHEMA " + SCHEMA);
		}
	}

	@AfterAll
	static void dropDatabase() throws Exception {
		if (TestDatabase.postgres()) {
			execute(System.getenv(TestDatabase.POSTGRES_URL), "DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
		}
	}

	@Test
	void rebuildsProjectionsWithoutTheWebServer(CapturedOutput output) throws Exception {
		// the first start of an empty store makes the organisation, after the (empty)
		// rebuild
		rebuild("member-directory");
		assertThat(output).contains("Rebuilt member-directory: 0 events read");
		assertThat(subjects()).containsExactly("admin");

		execute(url(), "DELETE FROM member_directory");
		assertThat(subjects()).isEmpty();
		rebuild("all");

		assertThat(subjects()).containsExactly("admin");
		assertThat(output).contains("Rebuilt member-directory: 2 events read, 1 applied")
			.contains("Rebuilt control-plane-trail: 2 events read, 2 applied");
	}

	/**
	 * As {@code QuiverApplication.main} runs the command, with its arguments, without the
	 * exit.
	 */
	private static void rebuild(String which) {
		SpringApplicationBuilder application = new SpringApplicationBuilder(QuiverApplication.class)
			.web(WebApplicationType.NONE);
		List<String> args = new ArrayList<>(List.of("--quiver.rebuild=" + which, "--spring.datasource.url=" + url(),
				"--quiver.data-dir=" + dataDir, "--quiver.vault.key=" + VAULT_KEY));
		if (TestDatabase.postgres()) {
			args.add("--spring.datasource.username=");
			args.add("--spring.flyway.schemas=" + SCHEMA);
		}
		try (ConfigurableApplicationContext context = application
			.run(QuiverApplication.adminArguments(args.toArray(String[]::new)))) {
			assertThat(context.isActive()).isTrue();
			// a stack walk and a timer per handler invocation cost the rebuild a fifth of
			// its time
			assertThat(context.getBeanNamesForType(AxonTimeoutAutoConfiguration.class)).isEmpty();
		}
	}

	private static List<String> subjects() throws SQLException {
		List<String> subjects = new ArrayList<>();
		try (Connection connection = connect(url());
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT subject FROM member_directory")) {
			while (rows.next()) {
				subjects.add(rows.getString(1));
			}
		}
		return subjects;
	}

	private static String url() {
		if (TestDatabase.postgres()) {
			String base = System.getenv(TestDatabase.POSTGRES_URL);
			return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + SCHEMA;
		}
		return "jdbc:h2:mem:" + SCHEMA
				+ ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";
	}

	private static void execute(String url, String sql) throws SQLException {
		try (Connection connection = connect(url); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	/**
	 * PostgreSQL's URL names the user; the embedded database's user is Quiver's default.
	 */
	private static Connection connect(String url) throws SQLException {
		return url.startsWith("jdbc:h2:") ? DriverManager.getConnection(url, "sa", "")
				: DriverManager.getConnection(url);
	}

	private static String vaultKey() {
		byte[] key = new byte[32];
		new SecureRandom().nextBytes(key);
		return Base64.getEncoder().encodeToString(key);
	}

}
