package io.quiver.edge.call;

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
 * Arguments that do not fit the tool's schema are answered in band, naming the argument,
 * before anything is executed (SPEC R7.1, R7.2), for connected and control-plane tools,
 * directly and through {@code execute_tool}; the trail records the denial and the
 * argument names, never their values (R10.2).
 */
class ArgumentValidationIntegrationTest extends QuiverIntegrationTest {

	private FakeUpstream upstream;

	private String org;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("args");
		Rest owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(owner);
		admin.collapseThreshold(0);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		expect(owner.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-x", "credential",
				Map.of("type", "bearer", "token", "args-test-token"))), 201);
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void aMissingRequiredArgumentIsNamed() {
		assertInvalid("echo-x__get_item", Map.of(), "id");
		assertInvalid("quiver__members__get", Map.of(), "member");
	}

	@Test
	void anArgumentOfTheWrongTypeIsNamed() {
		assertInvalid("echo-x__create_item", Map.of("title", 5), "title");
		assertInvalid("echo-x__get_item", Map.of("id", "1", "verbose", "yes"), "verbose");
		assertInvalid("quiver__org__update_settings", Map.of("collapseThreshold", "many"), "collapseThreshold");
	}

	@Test
	void anUnknownArgumentIsNamedWhereTheSchemaForbidsAdditionalProperties() {
		assertInvalid("quiver__members__get", Map.of("member", "owner", "membr", "owner"), "membr");
		assertInvalid("quiver__org__get", Map.of("verbose", true), "verbose");
	}

	@Test
	void theTrailRecordsTheDenialAndTheArgumentNamesOnly() {
		try (Mcp owner = mcp(this.org, "owner")) {
			owner.call("echo-x__create_item", Map.of("title", 12345));
		}
		var entry = rest(this.org, "owner").get("/api/v1/audit?limit=1").json().path("entries").get(0);
		assertThat(entry.path("gate").asText()).isEqualTo("arguments");
		assertThat(entry.path("decision").asText()).isEqualTo("denied");
		assertThat(entry.path("argumentNames").toString()).isEqualTo("[\"title\"]");
		assertThat(entry.toString()).doesNotContain("12345");
	}

	private void assertInvalid(String tool, Map<String, Object> arguments, String argument) {
		try (Mcp owner = mcp(this.org, "owner")) {
			for (Mcp.Result result : List.of(owner.call(tool, arguments), owner.execute(tool, arguments))) {
				assertThat(result.isError()).as(tool + " " + arguments + ": " + result.text()).isTrue();
				assertThat(result.text()).as(tool).contains("Denied by the arguments gate").contains(argument);
			}
		}
		assertThat(this.upstream.received()).as("nothing executed").isEmpty();
	}

	private static void expect(Rest.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
	}

}
