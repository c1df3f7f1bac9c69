package io.quiver.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.quiver.QuiverApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole application started in this JVM with given settings, on a random port, and
 * closed again, so a test can stop Quiver and start it anew on the same database: a
 * restart. Settings are passed as command-line arguments, so they win over
 * {@code application.yml} as they would in production.
 */
public final class QuiverApp implements AutoCloseable {

	private final ConfigurableApplicationContext context;

	private QuiverApp(ConfigurableApplicationContext context) {
		this.context = context;
	}

	/** Starts Quiver serving on a random port, or on {@code server.port} when given. */
	public static QuiverApp start(Map<String, String> properties) {
		quiet();
		return new QuiverApp(
				new SpringApplicationBuilder(QuiverApplication.class).run(properties.containsKey("server.port")
						? arguments(properties) : arguments(properties, "--server.port=0")));
	}

	/**
	 * Runs the rebuild admin command as {@code java -jar quiver.jar --quiver.rebuild=...}
	 * does, but for the final {@code System.exit}: it runs while the context starts.
	 */
	public static void rebuild(Map<String, String> properties, String which) {
		command(properties, "--quiver.rebuild=" + which);
	}

	/**
	 * Runs an admin command ({@code --quiver.rebuild=…}, {@code --quiver.create-org=…})
	 * as {@code java -jar quiver.jar} does, but for the final {@code System.exit}.
	 */
	public static void command(Map<String, String> properties, String... command) {
		quiet();
		try (ConfigurableApplicationContext context = QuiverApplication.rebuild(arguments(properties, command))) {
			assertThat(context.isActive()).isTrue();
		}
	}

	/** As {@code QuiverApplication.main} does. */
	private static void quiet() {
		System.setProperty("axoniq.update-checker.disabled", "true");
		System.setProperty("disable-axoniq-console-message", "true");
	}

	private static String[] arguments(Map<String, String> properties, String... more) {
		List<String> arguments = new ArrayList<>();
		properties.forEach((key, value) -> arguments.add("--" + key + "=" + value));
		arguments.addAll(List.of(more));
		arguments.add("--spring.main.banner-mode=off");
		return arguments.toArray(String[]::new);
	}

	public String baseUrl() {
		return "http://localhost:" + ((WebServerApplicationContext) this.context).getWebServer().getPort();
	}

	public <T> T bean(Class<T> type) {
		return this.context.getBean(type);
	}

	public DataSource dataSource() {
		return bean(DataSource.class);
	}

	/** A REST client with a token of the local issuer. */
	public Rest as(String subject, String org) {
		return rest(token(subject, org));
	}

	/** A token of the local issuer, fetched over HTTP as a client would. */
	public String token(String subject, String org) {
		Rest.Response token = new Rest(baseUrl(), null).post("/dev/token",
				Map.of("sub", subject, "org", org, "scope", "mcp:read mcp:write mcp:destructive mcp:tools"));
		if (token.status() != 200) {
			throw new IllegalStateException("no token from /dev/token: " + token.body());
		}
		return token.json().path("access_token").asText();
	}

	public Rest rest(String token) {
		return new Rest(baseUrl(), token);
	}

	@Override
	public void close() {
		this.context.close();
	}

}
