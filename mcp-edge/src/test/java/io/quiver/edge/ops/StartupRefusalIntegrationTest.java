package io.quiver.edge.ops;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.quiver.support.QuiverNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Quiver started as an operator starts it (its own process,
 * {@code QuiverApplication.main} as {@code java -jar quiver.jar} runs it) with settings
 * it must refuse: one report naming every problem, exit code 1, and no stack trace
 * anywhere in what it printed.
 */
class StartupRefusalIntegrationTest {

	/** A frame of a stack trace, or the "Caused by:" of a nested one. */
	private static final Pattern STACK_TRACE = Pattern.compile("(?m)^\\s+at [\\w$.]+\\(|^Caused by: ");

	@TempDir
	Path dir;

	@Test
	void givenThreeMissingOrInvalidSettings_whenStarting_thenOneMessageNamesAllThreeAndNoStackTrace()
			throws IOException {
		Path log = this.dir.resolve("start.log");

		int exit = QuiverNode.run(log,
				List.of("--spring.datasource.url=jdbc:postgresql://127.0.0.1:9/nowhere",
						"--quiver.data-dir=" + this.dir, "--quiver.public-url=quiver.example.com/no-scheme",
						"--quiver.dev-issuer.token-ttl=eight hours", "--quiver.oauth.server.enabled=false"));

		String output = Files.readString(log, StandardCharsets.UTF_8);
		assertThat(exit).as(output).isEqualTo(1);
		assertThat(output).containsOnlyOnce("APPLICATION FAILED TO START")
			.contains("4 settings are missing or invalid")
			.contains("quiver.vault.key (QUIVER_VAULT_KEY) is missing")
			.contains("quiver.public-url (QUIVER_PUBLIC_URL) is not valid")
			.contains("quiver.dev-issuer.token-ttl (QUIVER_DEV_ISSUER_TOKEN_TTL) is not valid")
			.contains("spring.security.oauth2.resourceserver.jwt.issuer-uri "
					+ "(SPRING_SECURITY_OAUTH2_RESOURCESERVER_JWT_ISSUER_URI) is missing");
		assertThat(output).as("the report quotes no value").doesNotContain("no-scheme").doesNotContain("eight hours");
		assertThat(STACK_TRACE.matcher(output).find()).as(output).isFalse();
	}

	@Test
	void givenAServingEmbeddedNode_whenTheRebuildRunsBesideIt_thenOneParagraphSaysWhatToDo() throws IOException {
		Map<String, String> embedded = Map.of("quiver.data-dir", this.dir.toString());
		try (QuiverNode serving = QuiverNode.start("embedded", this.dir.resolve("serving.log"), embedded)) {
			Path log = this.dir.resolve("rebuild.log");

			int exit = QuiverNode.run(log, List.of("--quiver.data-dir=" + this.dir, "--quiver.rebuild=all"));

			String output = Files.readString(log, StandardCharsets.UTF_8);
			assertThat(exit).as(output).isEqualTo(1);
			assertThat(output)
				.contains("The rebuild command cannot run beside a serving node on the embedded "
						+ "database: the node holds " + this.dir.toAbsolutePath().normalize().resolve("quiver.mv.db"))
				.contains("Stop the node, run the rebuild with the same settings, and start the node again")
				.doesNotContain("Rebuilding ");
			assertThat(STACK_TRACE.matcher(output).find()).as(output).isFalse();
			assertThat(output.lines().count()).as(output).isLessThan(20);
			assertThat(serving.alive()).isTrue();
		}
	}

}
