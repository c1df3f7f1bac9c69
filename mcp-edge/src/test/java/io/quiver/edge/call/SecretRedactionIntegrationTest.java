package io.quiver.edge.call;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A canary secret configured as a connection's credential and echoed back by the
 * upstream, in every place an answer can carry it, never reaches a tool result, direct or
 * through {@code execute_tool}, nor the audit trail (SPEC R7.7, R10.2).
 */
class SecretRedactionIntegrationTest extends QuiverIntegrationTest {

	/**
	 * One canary per connection, shaped like no known key, so that only the connection's
	 * own credential can catch it.
	 */
	private static final String BEARER = "cnry1a7f3a9c2e51d84b6aa0e4";

	private static final String HEADER = "cnry2b7f3a9c2e51d84b6aa0e4";

	private static final String PASSWORD = "cnry3c7f3a9c2e51d84b6aa0e4";

	private static final String BASIC_BLOB = Base64.getEncoder()
		.encodeToString(("robot:" + PASSWORD).getBytes(StandardCharsets.UTF_8));

	/** What each connection's upstream echoes back: its own secret, in every form. */
	private static final Map<String, List<String>> ECHOED = Map.of("echo-bearer", List.of(BEARER, "Bearer " + BEARER),
			"echo-header", List.of(HEADER), "echo-basic", List.of(PASSWORD, "Basic " + BASIC_BLOB, BASIC_BLOB));

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("canary");
		this.owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.collapseThreshold(0);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		connect("echo-bearer", Map.of("type", "bearer", "token", BEARER));
		connect("echo-header", Map.of("type", "header", "name", "X-Api-Key", "value", HEADER));
		connect("echo-basic", Map.of("type", "basic", "username", "robot", "password", PASSWORD));
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void aCredentialEchoedByTheUpstreamNeverReachesAResultOrTheTrail() {
		List<String> seen = new ArrayList<>();
		try (Mcp client = mcp(this.org, "owner")) {
			ECHOED.forEach((account, forms) -> {
				for (String secret : forms) {
					for (String answer : answers(secret)) {
						this.upstream.reply(answer);
						seen.add(call(client, account, false));
						seen.add(call(client, account, true));
					}
					for (int status : List.of(400, 401, 500)) {
						this.upstream.reply(status, "{\"error\":\"bad token " + secret + "\",\"" + secret + "\":1}");
						seen.add(call(client, account, false));
						seen.add(call(client, account, true));
					}
				}
			});
		}
		assertThat(this.upstream.received()).as("every call reached the upstream").hasSize(seen.size());
		assertThat(seen).allSatisfy((result) -> assertNoSecret(result));
		assertThat(seen).allSatisfy((result) -> assertThat(result).contains("[REDACTED]"));

		Rest.Response trail = this.owner.get("/api/v1/audit?limit=500");
		assertThat(trail.status()).isEqualTo(200);
		assertThat(trail.json().path("entries")).hasSize(seen.size());
		assertNoSecret(trail.body());
		assertThat(trail.body()).doesNotContain("argument-value");
		Rest.Response export = this.owner.get("/api/v1/audit/export?format=jsonl");
		assertThat(export.status()).isEqualTo(200);
		assertNoSecret(export.body());
		assertThat(export.body()).doesNotContain("argument-value").contains("echo-basic");
	}

	/** Answers carrying a secret as a value, nested, as an object key, in an array. */
	private static List<String> answers(String secret) {
		return List.of("{\"echo\":\"your token is " + secret + "\",\"nested\":[{\"deep\":\"" + secret + "\"}]}",
				"{\"seen\":{\"" + secret + "\":true}}",
				"[\"" + secret + "\",{\"" + secret + "\":[\"" + secret + "\"]}]",
				"{\"url\":\"https://x.example/?token=" + secret + "\"}");
	}

	private static void assertNoSecret(String text) {
		assertThat(text).doesNotContain(BEARER)
			.doesNotContain(HEADER)
			.doesNotContain(PASSWORD)
			.doesNotContain(BASIC_BLOB);
	}

	private String call(Mcp client, String account, boolean viaExecuteTool) {
		String tool = account + "__get_item";
		Map<String, Object> arguments = Map.of("id", "argument-value");
		Mcp.Result result = viaExecuteTool ? client.execute(tool, arguments) : client.call(tool, arguments);
		return result.toString();
	}

	private void connect(String label, Map<String, Object> credential) {
		expect(this.owner.post("/api/v1/connections",
				Map.of("connector", "echo", "label", label, "credential", credential)), 201);
	}

	private static void expect(Rest.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
	}

}
