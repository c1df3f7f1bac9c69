package io.quiver.edge.ops;

import java.net.URI;
import java.net.URISyntaxException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.quiver.command.connection.vault.VaultKey;
import io.quiver.edge.config.Deployment;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Checks Quiver's settings once they are read and before anything is built from them, and
 * refuses the start with every missing or invalid one named together
 * ({@link StartupSettingsException}, reported without a stack trace by
 * {@link StartupSettingsFailureAnalyzer}). Without it each problem surfaces alone, at the
 * bottom of a long trace, from whichever bean needed the setting first. Values are never
 * repeated in the report: a data source URL or a vault key may hold a secret.
 * <p>
 * It also refuses to open the embedded database while another process holds it (a rebuild
 * beside a serving embedded node), with what to do, instead of H2's trace.
 * <p>
 * Registered in {@code META-INF/spring.factories}; runs right after logging is set up.
 */
public final class StartupSettings implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

	static final String ISSUER_URI = "spring.security.oauth2.resourceserver.jwt.issuer-uri";

	static final String JWK_SET_URI = "spring.security.oauth2.resourceserver.jwt.jwk-set-uri";

	/** H2's error code for a database file opened by another process. */
	private static final int H2_DATABASE_ALREADY_OPEN = 90020;

	private static final Set<String> DEV_ISSUER_SETTINGS = Set.of("auto", "true", "false");

	@Override
	public int getOrder() {
		return LoggingApplicationListener.DEFAULT_ORDER + 1;
	}

	@Override
	public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
		ConfigurableEnvironment environment = event.getEnvironment();
		boolean web = event.getSpringApplication().getWebApplicationType() != WebApplicationType.NONE;
		List<String> problems = problems(environment, web);
		if (!problems.isEmpty()) {
			throw StartupSettingsException.invalidSettings(problems);
		}
		refuseEmbeddedDatabaseInUse(environment);
	}

	/**
	 * Every missing or invalid setting, one line each.
	 * @param web whether the application serves HTTP (and so validates tokens)
	 */
	static List<String> problems(ConfigurableEnvironment environment, boolean web) {
		Check check = new Check(Binder.get(environment));
		String databaseUrl = check.text("spring.datasource.url");
		boolean embedded = Deployment.embedded(databaseUrl);
		if (!databaseUrl.startsWith("jdbc:postgresql:") && !databaseUrl.startsWith("jdbc:h2:")) {
			check.problem("spring.datasource.url", databaseUrl.isEmpty() ? "is missing" : "is not valid",
					"a PostgreSQL JDBC URL, jdbc:postgresql://host:5432/database (or leave it unset for the "
							+ "embedded default)");
		}
		check.url("quiver.public-url", "how clients reach this server, e.g. https://quiver.example.com", true);
		String vaultKey = check.text("quiver.vault.key");
		if (!vaultKey.isEmpty()) {
			try {
				VaultKey.ofBase64(vaultKey);
			}
			catch (IllegalStateException ex) {
				check.problem("quiver.vault.key", "is not valid",
						"32 random bytes in base64 (`openssl rand -base64 32`)");
			}
		}
		else if (!embedded) {
			check.problem("quiver.vault.key", "is missing",
					"32 random bytes in base64 (`openssl rand -base64 32`); it encrypts the connections' "
							+ "credentials, so keep it safe and give every node the same one");
		}
		String devIssuer = check.text("quiver.dev-issuer.enabled").toLowerCase(Locale.ROOT);
		if (!devIssuer.isEmpty() && !DEV_ISSUER_SETTINGS.contains(devIssuer)) {
			check.problem("quiver.dev-issuer.enabled", "is not valid", "auto, true or false");
		}
		boolean issuerOn = devIssuer.equals("true") || ((devIssuer.isEmpty() || devIssuer.equals("auto")) && embedded);
		check.positive("quiver.dev-issuer.token-ttl", Duration.class, "a duration, e.g. PT8H");
		Boolean allowRemote = check.value("quiver.dev-issuer.allow-remote", Boolean.class, "true or false");
		if (Boolean.TRUE.equals(allowRemote) && !issuerOn) {
			check.problem("quiver.dev-issuer.allow-remote", "is refused",
					"a development setting for the local token issuer, which is off here; remove it");
		}
		if (!check.text("quiver.mcp.anonymous-subject").isEmpty() && !embedded) {
			check.problem("quiver.mcp.anonymous-subject", "is refused",
					"a test-only setting, accepted only with the embedded default; remove it");
		}
		check.positive("quiver.mcp.max-body-bytes", Integer.class, "a number of bytes");
		check.positive("quiver.mcp.page-size", Integer.class, "a number of tools");
		check.positive("quiver.api.max-body-bytes", Integer.class, "a number of bytes");
		check.value("server.port", Integer.class, "a port number");
		if (web) {
			boolean issuerUri = check.url(ISSUER_URI, "your identity provider's issuer URL", false);
			boolean jwkSetUri = check.url(JWK_SET_URI, "your identity provider's JWKS URL", false);
			// the embedded authorization server (on unless an external issuer is set, or
			// turned off) signs the tokens itself
			String server = check.text("quiver.oauth.server.enabled").toLowerCase(Locale.ROOT);
			if (!server.isEmpty() && !DEV_ISSUER_SETTINGS.contains(server)) {
				check.problem("quiver.oauth.server.enabled", "is not valid", "auto, true or false");
			}
			if (!issuerUri && !jwkSetUri && !issuerOn && server.equals("false")) {
				check.problem(ISSUER_URI, "is missing",
						"your identity provider's issuer URL (or " + JWK_SET_URI + "), which signs the tokens "
								+ "Quiver accepts, since quiver.oauth.server.enabled=false turns Quiver's own "
								+ "authorization server off");
			}
		}
		return check.problems;
	}

	/**
	 * H2 lets one process open a database file: a second process (a rebuild beside a
	 * serving node, or a second node on one data directory) would fail deep inside the
	 * connection pool with a long trace. Asked before anything opens it.
	 */
	private static void refuseEmbeddedDatabaseInUse(ConfigurableEnvironment environment) {
		String url = environment.getProperty("spring.datasource.url", "");
		if (!url.startsWith("jdbc:h2:file:")) {
			return;
		}
		String file = java.nio.file.Path.of(url.substring("jdbc:h2:file:".length()).split(";", 2)[0])
			.toAbsolutePath()
			.normalize()
			.toString();
		String probe = url.toUpperCase(Locale.ROOT).contains(";IFEXISTS=") ? url : url + ";IFEXISTS=TRUE";
		try (Connection connection = DriverManager.getConnection(probe,
				environment.getProperty("spring.datasource.username", ""),
				environment.getProperty("spring.datasource.password", ""))) {
			// free: the start opens it for real
		}
		catch (SQLException ex) {
			if (ex.getErrorCode() == H2_DATABASE_ALREADY_OPEN) {
				throw StartupSettingsException.embeddedDatabaseInUse(file,
						environment.containsProperty("quiver.rebuild"));
			}
			// not there yet, or another problem the start reports in its own words
		}
	}

	private static final class Check {

		private final Binder binder;

		private final List<String> problems = new ArrayList<>();

		Check(Binder binder) {
			this.binder = binder;
		}

		String text(String name) {
			String value = value(name, String.class, "text");
			return (value != null) ? value.strip() : "";
		}

		<T> T value(String name, Class<T> type, String expected) {
			try {
				return this.binder.bind(name, Bindable.of(type)).orElse(null);
			}
			catch (BindException ex) {
				problem(name, "is not valid", expected);
				return null;
			}
		}

		void positive(String name, Class<?> type, String expected) {
			Object value = value(name, type, expected);
			boolean negative = (value instanceof Duration duration) ? duration.isNegative() || duration.isZero()
					: (value instanceof Integer number) && number <= 0;
			if (negative) {
				problem(name, "is not valid", expected + ", more than zero");
			}
		}

		/**
		 * Whether an absolute http(s) URL is set; a problem if it is set but is not one.
		 */
		boolean url(String name, String expected, boolean required) {
			String value = text(name);
			if (value.isEmpty()) {
				if (required) {
					problem(name, "is missing", expected);
				}
				return false;
			}
			try {
				URI uri = new URI(value);
				String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
				if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null
						&& uri.getRawQuery() == null && uri.getRawFragment() == null) {
					return true;
				}
			}
			catch (URISyntaxException ex) {
				// reported below
			}
			problem(name, "is not valid", "an absolute http or https URL without query or fragment: " + expected);
			return false;
		}

		void problem(String name, String what, String expected) {
			this.problems.add(name + " (" + environmentVariable(name) + ") " + what + ": " + expected);
		}

		private static String environmentVariable(String name) {
			return name.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT);
		}

	}

}
