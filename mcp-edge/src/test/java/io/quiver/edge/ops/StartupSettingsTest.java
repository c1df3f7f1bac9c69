package io.quiver.edge.ops;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The settings check, rule by rule: what a valid production or embedded start looks like,
 * and each refusal.
 */
class StartupSettingsTest {

	private static final String KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

	@Test
	void givenAProductionStart_whenChecked_thenNothingIsWrong() {
		assertThat(StartupSettings.problems(production(), true)).isEmpty();
	}

	@Test
	void givenTheEmbeddedDefault_whenChecked_thenNeitherVaultKeyNorIssuerIsNeeded() {
		MockEnvironment embedded = new MockEnvironment().withProperty("spring.datasource.url", "jdbc:h2:file:./data/q")
			.withProperty("quiver.public-url", "http://localhost:8080");

		assertThat(StartupSettings.problems(embedded, true)).isEmpty();
	}

	@Test
	void givenAllowRemoteWithTheLocalIssuerOff_whenChecked_thenRefused() {
		MockEnvironment environment = production().withProperty("quiver.dev-issuer.allow-remote", "true");

		assertThat(StartupSettings.problems(environment, true))
			.containsExactly("quiver.dev-issuer.allow-remote (QUIVER_DEV_ISSUER_ALLOW_REMOTE) is refused: "
					+ "a development setting for the local token issuer, which is off here; remove it");
	}

	@Test
	void givenAllowRemoteAsAnEnvironmentVariableWithTheLocalIssuerOn_whenChecked_thenAccepted() {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources()
			.addFirst(new SystemEnvironmentPropertySource("env",
					Map.of("SPRING_DATASOURCE_URL", "jdbc:postgresql://db:5432/quiver", "QUIVER_VAULT_KEY", KEY,
							"QUIVER_PUBLIC_URL", "http://localhost:8080", "QUIVER_DEV_ISSUER_ENABLED", "true",
							"QUIVER_DEV_ISSUER_ALLOW_REMOTE", "yes please")));

		assertThat(StartupSettings.problems(environment, true)).containsExactly(
				"quiver.dev-issuer.allow-remote (QUIVER_DEV_ISSUER_ALLOW_REMOTE) is not valid: true or false");
		environment.getPropertySources()
			.addFirst(new SystemEnvironmentPropertySource("fix", Map.of("QUIVER_DEV_ISSUER_ALLOW_REMOTE", "true")));
		assertThat(StartupSettings.problems(environment, true)).isEmpty();
	}

	@Test
	void givenTheAnonymousTestSubjectOnAProductionDatabase_whenChecked_thenRefused() {
		MockEnvironment environment = production().withProperty("quiver.mcp.anonymous-subject", "admin");

		assertThat(StartupSettings.problems(environment, true)).singleElement()
			.asString()
			.startsWith("quiver.mcp.anonymous-subject (QUIVER_MCP_ANONYMOUS_SUBJECT) is refused: a test-only setting");
	}

	@Test
	void givenBadNumbersAKeyOfTheWrongSizeAndAnotherDatabase_whenChecked_thenEachIsNamed() {
		MockEnvironment environment = production().withProperty("spring.datasource.url", "jdbc:mysql://db/quiver")
			.withProperty("quiver.vault.key", "c2hvcnQ=")
			.withProperty("quiver.mcp.page-size", "0")
			.withProperty("quiver.api.max-body-bytes", "ten megabytes")
			.withProperty("quiver.dev-issuer.enabled", "sometimes");

		assertThat(StartupSettings.problems(environment, true)).extracting((problem) -> problem.split(" ", 2)[0])
			.containsExactly("spring.datasource.url", "quiver.vault.key", "quiver.dev-issuer.enabled",
					"quiver.mcp.page-size", "quiver.api.max-body-bytes");
	}

	@Test
	void givenNoIssuerButTheEmbeddedAuthorizationServer_whenChecked_thenNoIssuerIsNeeded() {
		ConfigurableEnvironment environment = production().withProperty(StartupSettings.ISSUER_URI, "")
			.withProperty("quiver.public-url", "http://localhost");

		assertThat(StartupSettings.problems(environment, true)).isEmpty();
	}

	@Test
	void givenNoIssuerWithoutAWebServer_whenChecked_thenNoIssuerIsNeeded() {
		ConfigurableEnvironment environment = production().withProperty(StartupSettings.ISSUER_URI, "")
			.withProperty("quiver.public-url", "http://localhost")
			.withProperty("quiver.oauth.server.enabled", "false");

		assertThat(StartupSettings.problems(environment, false)).isEmpty();
		assertThat(StartupSettings.problems(environment, true)).singleElement()
			.asString()
			.startsWith(
					StartupSettings.ISSUER_URI + " (SPRING_SECURITY_OAUTH2_RESOURCESERVER_JWT_ISSUER_URI) is missing");
	}

	private static MockEnvironment production() {
		return new MockEnvironment().withProperty("spring.datasource.url", "jdbc:postgresql://db:5432/quiver")
			.withProperty("quiver.vault.key", KEY)
			.withProperty("quiver.public-url", "https://quiver.example.com")
			.withProperty(StartupSettings.ISSUER_URI, "https://login.example.com/");
	}

}
