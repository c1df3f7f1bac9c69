package io.quiver.edge.call;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A forbidden tool (GitHub's {@code delete_repository}) is reached by no role and no
 * scope (SPEC R3.2): never advertised, never found by search, and an in-band error on
 * call, directly or through {@code execute_tool}, even when an allow rule names it and
 * the caller owns the account.
 */
class ForbiddenToolIntegrationTest extends QuiverIntegrationTest {

	private static final List<String> SCOPE_SETS = List.of("mcp:read mcp:write mcp:destructive mcp:tools",
			"mcp:destructive mcp:tools", "mcp:destructive", "mcp:write mcp:tools", "mcp:read mcp:tools", "");

	private String org;

	@BeforeEach
	void organisation() {
		this.org = this.organizations.create("forbidden");
		Rest owner = rest(this.org, "owner");
		for (String[] member : new String[][] { { "ada", "ADMIN" }, { "alice", "MEMBER" } }) {
			expect(owner.post("/api/v1/members", Map.of("subject", member[0], "role", member[1])), 201);
		}
		for (String subject : List.of("owner", "ada", "alice")) {
			expect(rest(this.org, subject).post("/api/v1/connections", Map.of("connector", "github", "label",
					"gh-" + subject, "credential", Map.of("type", "bearer", "token", "forbidden-test-token"))), 201);
		}
		expect(owner.post("/api/v1/toolboxes", Map.of("name", "danger")), 201);
		expect(owner.post("/api/v1/toolboxes/danger/entries",
				Map.of("operation", "github.delete_repository", "connections", List.of("gh-owner"))), 201);
		for (String role : List.of("OWNER", "ADMIN", "MEMBER")) {
			expect(owner.post("/api/v1/toolboxes/danger/grants", Map.of("target", "role:" + role)), 200);
			expect(owner.post("/api/v1/restrictions", Map.of("target", "role:" + role, "allow",
					List.of("connector:github", "tool:github.delete_repository"))), 201);
		}
	}

	@Test
	void noRoleAndNoScopeReachesAForbiddenTool() {
		Rest owner = rest(this.org, "owner");
		Map<String, Object> arguments = Map.of("owner", "acme", "repo", "api");
		for (int threshold : List.of(10_000, 0)) {
			expect(owner.patch("/api/v1/org/settings", Map.of("collapseThreshold", threshold)), 200);
			for (String subject : List.of("owner", "ada", "alice")) {
				for (String scopes : SCOPE_SETS) {
					String who = subject + " [" + scopes + "] threshold " + threshold;
					try (Mcp client = mcp(this.org, subject, scopes)) {
						assertThat(client.toolNames()).as(who).noneMatch((name) -> name.endsWith("delete_repository"));
						for (String tool : List.of("gh-" + subject + "__delete_repository",
								"danger__delete_repository")) {
							assertForbidden(who + " " + tool, client.call(tool, arguments));
							Mcp.Result viaExecute = client.execute(tool, arguments);
							assertThat(viaExecute.isError()).as(who).isTrue();
							if (threshold == 0 && scopes.contains("mcp:tools")) {
								assertForbidden(who + " execute_tool " + tool, viaExecute);
								Mcp.Result search = client.call("search_tools",
										Map.of("query", "delete repository " + tool, "limit", 50));
								assertThat(names(search.structured())).as(who)
									.noneMatch((name) -> name.endsWith("delete_repository"));
							}
						}
					}
				}
			}
		}
		JsonNode explained = owner.get("/api/v1/compliance/explain?member=alice&tool=gh-alice__delete_repository")
			.json();
		assertThat(explained.path("reachable").asBoolean()).isFalse();
		assertThat(explained.path("deniedBy").asText()).isEqualTo("scope");
	}

	private static void assertForbidden(String where, Mcp.Result result) {
		assertThat(result.isError()).as(where).isTrue();
		assertThat(result.text()).as(where).contains("Denied by the scope gate").contains("forbidden");
	}

	private static List<String> names(JsonNode answer) {
		List<String> names = new ArrayList<>();
		if (answer != null) {
			answer.path("results").forEach((row) -> names.add(row.path("name").asText()));
		}
		return names;
	}

	private static void expect(Rest.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
	}

}
