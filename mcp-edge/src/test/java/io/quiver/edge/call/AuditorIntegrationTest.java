package io.quiver.edge.call;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
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
 * The AUDITOR (SPEC R2.3, R2.4): no {@code tool:execute}, so an empty tool list and an
 * in-band error naming {@code tool:execute} on every call, even with every scope and a
 * toolbox granted to its role; the trail and the configuration readable through REST;
 * every REST write refused with 403, and nothing changed by the attempts.
 */
class AuditorIntegrationTest extends QuiverIntegrationTest {

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("auditor");
		this.owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.collapseThreshold(0);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		admin.invite("audrey", "AUDITOR");
		admin.invite("alice", "MEMBER");
		expect(this.owner.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-owner", "credential",
				Map.of("type", "bearer", "token", "auditor-test-token"))), 201);
		expect(this.owner.post("/api/v1/toolboxes", Map.of("name", "audit")), 201);
		expect(this.owner.post("/api/v1/toolboxes/audit/entries",
				Map.of("operation", "echo.get_item", "connections", List.of("echo-owner"))), 201);
		expect(this.owner.post("/api/v1/toolboxes/audit/grants", Map.of("target", "role:AUDITOR")), 200);
		expect(this.owner.post("/api/v1/restrictions",
				Map.of("target", "role:MEMBER", "block", List.of("tool:echo.delete_item"))), 201);
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void anAuditorSeesNoToolAndEveryCallIsDeniedInBandNamingToolExecute() {
		try (Mcp audrey = mcp(this.org, "audrey")) {
			assertThat(audrey.toolNames()).isEmpty();
			for (String tool : List.of("quiver__audit__list", "quiver__members__list", "quiver__org__get",
					"audit__get_item", "echo-owner__get_item", "search_tools", "no_such_tool")) {
				assertToolExecuteDenied(tool, audrey.call(tool, Map.of()));
			}
			assertToolExecuteDenied("execute_tool", audrey.execute("audit__get_item", Map.of("id", "1")));
		}
		assertThat(this.upstream.received()).isEmpty();

		JsonNode explained = this.owner.get("/api/v1/compliance/explain?member=audrey&tool=audit__get_item").json();
		assertThat(explained.path("reachable").asBoolean()).as("explain agrees with the endpoint").isFalse();
		assertThat(explained.path("deniedBy").asText()).isEqualTo("tool-execute");
	}

	@Test
	void anAuditorReadsTheTrailAndTheConfigurationThroughRest() {
		try (Mcp audrey = mcp(this.org, "audrey")) {
			audrey.call("audit__get_item", Map.of("id", "1"));
		}
		Rest audrey = rest(this.org, "audrey");

		Rest.Response trail = audrey.get("/api/v1/audit?member=audrey");
		assertThat(trail.status()).as(trail.body()).isEqualTo(200);
		JsonNode entry = trail.json().path("entries").get(0);
		assertThat(entry.path("requestedName").asText()).isEqualTo("audit__get_item");
		assertThat(entry.path("gate").asText()).isEqualTo("tool-execute");
		assertThat(entry.path("decision").asText()).isEqualTo("denied");
		for (String path : List.of("/api/v1/audit/verify", "/api/v1/audit/export?format=jsonl", "/api/v1/audit/changes",
				"/api/v1/members", "/api/v1/members/alice", "/api/v1/connections", "/api/v1/connections/echo-owner",
				"/api/v1/toolboxes", "/api/v1/toolboxes/audit", "/api/v1/restrictions", "/api/v1/restrictions/history",
				"/api/v1/compliance/effective?member=alice",
				"/api/v1/compliance/explain?member=alice&tool=echo-owner__get_item", "/api/v1/catalog",
				"/api/v1/org")) {
			Rest.Response read = audrey.get(path);
			assertThat(read.status()).as(path + ": " + read.body()).isEqualTo(200);
		}
		assertThat(audrey.get("/api/v1/connections").json()).as("every member's connections").hasSize(1);
		assertThat(audrey.get("/api/v1/audit/verify").json().path("ok").asBoolean()).isTrue();
	}

	@Test
	void everyRestWriteOfAnAuditorIsRefused() {
		Rest audrey = rest(this.org, "audrey");
		String restriction = this.owner.get("/api/v1/restrictions").json().get(0).path("restrictionId").asText();
		String entry = this.owner.get("/api/v1/toolboxes/audit").json().path("entries").get(0).path("entryId").asText();
		String before = snapshot();

		List<Write> writes = List.of(new Write("POST", "/api/v1/members", Map.of("subject", "x", "role", "MEMBER")),
				new Write("PUT", "/api/v1/members/alice/role", Map.of("role", "ADMIN")),
				new Write("PUT", "/api/v1/members/audrey/role", Map.of("role", "OWNER")),
				new Write("POST", "/api/v1/members/alice/suspend", null),
				new Write("POST", "/api/v1/members/alice/reinstate", null),
				new Write("DELETE", "/api/v1/members/alice", null),
				new Write("POST", "/api/v1/connections", Map.of("connector", "echo", "label", "echo-audrey")),
				new Write("PUT", "/api/v1/connections/echo-owner/label", Map.of("label", "echo-renamed")),
				new Write("POST", "/api/v1/connections/echo-owner/refresh", null),
				new Write("POST", "/api/v1/connections/echo-owner/revoke-grant", null),
				new Write("DELETE", "/api/v1/connections/echo-owner", null),
				new Write("POST", "/api/v1/toolboxes", Map.of("name", "mine")),
				new Write("POST", "/api/v1/toolboxes/audit/entries",
						Map.of("operation", "echo.delete_item", "connections", List.of("echo-owner"))),
				new Write("PUT", "/api/v1/toolboxes/audit/entries/" + entry, Map.of("name", "audit__renamed")),
				new Write("DELETE", "/api/v1/toolboxes/audit/entries/" + entry, null),
				new Write("POST", "/api/v1/toolboxes/audit/grants", Map.of("target", "role:GUEST")),
				new Write("DELETE", "/api/v1/toolboxes/audit/grants/role:AUDITOR", null),
				new Write("DELETE", "/api/v1/toolboxes/audit", null),
				new Write("POST", "/api/v1/restrictions", Map.of("target", "role:ADMIN", "allow", List.of())),
				new Write("PATCH", "/api/v1/restrictions/" + restriction, Map.of("block", List.of())),
				new Write("DELETE", "/api/v1/restrictions/" + restriction, null),
				new Write("POST", "/api/v1/catalog",
						Map.of("id", "echo2", "label", "Echo", "kind", "http", "openapi", this.upstream.openApi())),
				new Write("DELETE", "/api/v1/catalog/echo", null),
				new Write("PATCH", "/api/v1/org/settings", Map.of("collapseThreshold", 5)));
		for (Write write : writes) {
			Rest.Response response = audrey.send(write.method(), write.path(), write.body());
			assertThat(response.status()).as(write + ": " + response.body()).isEqualTo(403);
		}
		assertThat(snapshot()).as("nothing changed").isEqualTo(before);
	}

	/** What the auditor's writes could have changed, as the OWNER reads it. */
	private String snapshot() {
		return String.join("\n", this.owner.get("/api/v1/members").body(), this.owner.get("/api/v1/connections").body(),
				this.owner.get("/api/v1/toolboxes").body(), this.owner.get("/api/v1/restrictions").body(),
				this.owner.get("/api/v1/catalog").body(), this.owner.get("/api/v1/org").body());
	}

	private static void assertToolExecuteDenied(String tool, Mcp.Result result) {
		assertThat(result.isError()).as(tool).isTrue();
		assertThat(result.text()).as(tool).contains("tool:execute").contains("Denied by the tool-execute gate");
	}

	private static void expect(Rest.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
	}

	/** One REST write. */
	record Write(String method, String path, Object body) {
	}

}
