package io.quiver.edge.core;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.FakeUpstream;
import io.quiver.support.QuiverApp;
import io.quiver.support.Rest;
import io.quiver.support.TableDump;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded default (H2 on disk under {@code ./data}) survives a restart: the events,
 * the read models, the dev issuer's signing key (a token issued before still works) and
 * the vault key (a credential stored before still decrypts and reaches the upstream).
 * Runs with no settings but the data directory, as {@code java -jar quiver.jar} does, and
 * so does the rebuild admin command on it.
 */
class EmbeddedRestartIntegrationTest {

	@TempDir
	Path workDir;

	@Test
	void eventsKeysAndReadModelsSurviveARestart() throws Exception {
		Path data = this.workDir.resolve("data");
		Map<String, String> settings = Map.of("quiver.data-dir", data.toString());
		try (FakeUpstream upstream = FakeUpstream.start()) {
			String token;
			String members;
			String connections;
			long events;
			try (QuiverApp app = QuiverApp.start(settings)) {
				token = app.token("admin", "demo");
				Rest admin = app.rest(token);
				assertThat(admin.post("/api/v1/members", Map.of("subject", "alice", "role", "MEMBER")).status())
					.isEqualTo(201);
				assertThat(admin
					.post("/api/v1/catalog", Map.of("id", "echo", "label", "Echo", "kind", "http", "openapi",
							upstream.openApi(), "allowPrivateNetwork", true))
					.status()).isEqualTo(201);
				assertThat(
						admin.post("/api/v1/connections",
								Map.of("connector", "echo", "label", "echo-admin", "credential",
										Map.of("type", "bearer", "token", "embedded-secret-1")))
							.status())
					.isEqualTo(201);
				assertThat(callTool(admin, "echo-admin__get_item")).isFalse();
				members = admin.get("/api/v1/members").body();
				connections = admin.get("/api/v1/connections").body();
				events = TableDump.count(app.dataSource(), "SELECT count(*) FROM domainevententry");
			}
			assertThat(data.resolve("quiver.mv.db")).isRegularFile();
			assertThat(data.resolve("vault.key")).isRegularFile();
			assertThat(data.resolve("dev-issuer-key.json")).isRegularFile();
			byte[] vaultKey = Files.readAllBytes(data.resolve("vault.key"));
			byte[] issuerKey = Files.readAllBytes(data.resolve("dev-issuer-key.json"));

			try (QuiverApp app = QuiverApp.start(settings)) {
				assertThat(TableDump.count(app.dataSource(), "SELECT count(*) FROM domainevententry"))
					.isEqualTo(events);
				Rest admin = app.rest(token);
				Rest.Response listed = admin.get("/api/v1/members");
				assertThat(listed.status()).as("a token of the first run is still valid").isEqualTo(200);
				assertThat(listed.body()).isEqualTo(members).contains("\"alice\"");
				assertThat(admin.get("/api/v1/connections").body()).isEqualTo(connections);
				assertThat(callTool(admin, "echo-admin__get_item")).isFalse();
				List<FakeUpstream.Received> received = upstream.received();
				assertThat(received).hasSize(2);
				assertThat(received.get(1).authorization()).as("the credential still decrypts")
					.isEqualTo("Bearer embedded-secret-1");
				assertThat(admin.post("/api/v1/members", Map.of("subject", "alice", "role", "MEMBER")).status())
					.as("the command side remembers alice")
					.isEqualTo(409);
			}
			assertThat(Files.readAllBytes(data.resolve("vault.key"))).isEqualTo(vaultKey);
			assertThat(Files.readAllBytes(data.resolve("dev-issuer-key.json"))).isEqualTo(issuerKey);

			QuiverApp.rebuild(settings, "member-directory,connection-directory");
			try (QuiverApp app = QuiverApp.start(settings)) {
				Rest admin = app.rest(token);
				assertThat(admin.get("/api/v1/members").body()).as("rebuilt by the admin command").isEqualTo(members);
				assertThat(admin.get("/api/v1/connections").body()).isEqualTo(connections);
			}
		}
	}

	private static boolean callTool(Rest rest, String tool) {
		JsonNode answer = rest.callTool(tool, Map.of("id", "7"));
		assertThat(answer.has("result")).as(answer.toString()).isTrue();
		return answer.path("result").path("isError").asBoolean();
	}

}
