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
 * A change is in effect for the very next request once the command that made it has
 * returned (SPEC R2.5, R9): suspension, role change, removal, grant revocation,
 * restriction change and toolbox edit, each made through REST and observed by the next
 * MCP request of a client that stays connected with the same token. No waiting, no sleep:
 * a cache of policy would fail these tests.
 */
class PolicyFreshnessIntegrationTest extends QuiverIntegrationTest {

	private static final String GET_ITEM = "echo-alice__get_item";

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("fresh");
		this.owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.collapseThreshold(10_000);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		admin.invite("alice", "MEMBER");
		expect(this.owner.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-alice", "owner",
				"alice", "credential", Map.of("type", "bearer", "token", "fresh-test-token"))), 201);
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void aSuspensionIsInEffectForTheNextRequestAndSoIsTheReinstatement() {
		try (Mcp alice = mcp(this.org, "alice")) {
			assertReaches(alice);

			expect(this.owner.post("/api/v1/members/alice/suspend", null), 200);
			assertThat(alice.toolNames()).isEmpty();
			assertDenied(alice.call(GET_ITEM, Map.of("id", "1")), "member-status", "suspended");
			assertDenied(alice.call("quiver__connections__list", Map.of()), "member-status", "suspended");
			assertThat(rest(this.org, "alice").get("/api/v1/connections").status()).isEqualTo(403);

			expect(this.owner.post("/api/v1/members/alice/reinstate", null), 200);
			assertReaches(alice);
		}
	}

	@Test
	void aRoleChangeIsInEffectForTheNextRequest() {
		try (Mcp alice = mcp(this.org, "alice")) {
			assertReaches(alice);
			assertThat(alice.toolNames()).doesNotContain("quiver__members__invite");

			expect(this.owner.put("/api/v1/members/alice/role", Map.of("role", "ADMIN")), 200);
			assertThat(alice.toolNames()).contains("quiver__members__invite", GET_ITEM);
			assertThat(alice.call("quiver__members__list", Map.of()).isError()).isFalse();

			expect(this.owner.put("/api/v1/members/alice/role", Map.of("role", "MEMBER")), 200);
			assertThat(alice.toolNames()).doesNotContain("quiver__members__invite");
			assertDenied(alice.call("quiver__members__list", Map.of()), "role-permission", "members:read");

			expect(this.owner.put("/api/v1/members/alice/role", Map.of("role", "GUEST")), 200);
			assertThat(alice.toolNames()).isEmpty();
			assertDenied(alice.call(GET_ITEM, Map.of("id", "1")), "tool-execute", "tool:execute");
		}
	}

	@Test
	void aRemovalIsInEffectForTheNextRequest() {
		try (Mcp alice = mcp(this.org, "alice")) {
			assertReaches(alice);

			expect(this.owner.delete("/api/v1/members/alice"), 200);
			assertThat(alice.toolNames()).isEmpty();
			assertDenied(alice.call(GET_ITEM, Map.of("id", "1")), "member-status", "removed");
			assertThat(rest(this.org, "alice").get("/api/v1/connections").status()).isEqualTo(403);
		}
		assertThat(this.upstream.received()).hasSize(1);
	}

	@Test
	void aGrantRevocationIsInEffectForTheNextRequest() {
		try (Mcp alice = mcp(this.org, "alice")) {
			assertReaches(alice);

			expect(this.owner.post("/api/v1/connections/echo-alice/revoke-grant", null), 200);
			assertThat(alice.toolNames()).doesNotContain(GET_ITEM);
			assertDenied(alice.call(GET_ITEM, Map.of("id", "1")), "grant", "revoked");

			expect(this.owner.post("/api/v1/connections/echo-alice/refresh",
					Map.of("credential", Map.of("type", "bearer", "token", "fresh-test-token-2"))), 200);
			assertReaches(alice);
		}
		assertThat(this.upstream.received()).hasSize(2);
	}

	@Test
	void aRestrictionChangeIsInEffectForTheNextRequest() {
		try (Mcp alice = mcp(this.org, "alice")) {
			assertReaches(alice);

			Rest.Response created = this.owner.post("/api/v1/restrictions",
					Map.of("target", "user:alice", "block", List.of("tool:" + GET_ITEM)));
			expect(created, 201);
			String restriction = created.json().path("restrictionId").asText();
			assertThat(alice.toolNames()).doesNotContain(GET_ITEM).contains("echo-alice__create_item");
			assertDenied(alice.call(GET_ITEM, Map.of("id", "1")), "restriction", GET_ITEM);

			expect(this.owner.patch("/api/v1/restrictions/" + restriction, Map.of("block", List.of())), 200);
			assertReaches(alice);

			expect(this.owner.patch("/api/v1/restrictions/" + restriction, Map.of("allow", List.of())), 200);
			assertThat(alice.toolNames()).noneMatch((name) -> name.startsWith("echo-alice__"));
			assertDenied(alice.call(GET_ITEM, Map.of("id", "1")), "restriction", "allowlist");

			expect(this.owner.delete("/api/v1/restrictions/" + restriction), 200);
			assertReaches(alice);
		}
	}

	@Test
	void aToolboxEditIsInEffectForTheNextRequest() {
		expect(this.owner.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-team", "credential",
				Map.of("type", "bearer", "token", "fresh-team-token"))), 201);
		expect(this.owner.post("/api/v1/toolboxes", Map.of("name", "team")), 201);
		try (Mcp alice = mcp(this.org, "alice")) {
			expect(this.owner.post("/api/v1/toolboxes/team/entries",
					Map.of("operation", "echo.get_item", "connections", List.of("echo-team"))), 201);
			expect(this.owner.post("/api/v1/toolboxes/team/grants", Map.of("target", "user:alice")), 200);
			assertThat(alice.toolNames()).contains("team__get_item");
			assertThat(alice.call("team__get_item", Map.of("id", "1")).isError()).isFalse();

			expect(this.owner.delete("/api/v1/toolboxes/team/grants/user:alice"), 200);
			assertThat(alice.toolNames()).doesNotContain("team__get_item");
			assertDenied(alice.call("team__get_item", Map.of("id", "1")), "access", "team");
		}
	}

	@Test
	void aSearchSeesEveryChangeOnTheNextRequest() {
		new OrgAdmin(this.owner).collapseThreshold(0);
		try (Mcp alice = mcp(this.org, "alice")) {
			assertThat(alice.toolNames()).contains("search_tools").doesNotContain(GET_ITEM);
			assertThat(search(alice, "get item")).contains(GET_ITEM);

			Rest.Response created = this.owner.post("/api/v1/restrictions",
					Map.of("target", "user:alice", "block", List.of("tool:" + GET_ITEM)));
			expect(created, 201);
			assertThat(search(alice, "get item")).doesNotContain(GET_ITEM);

			expect(this.owner.delete("/api/v1/restrictions/" + created.json().path("restrictionId").asText()), 200);
			assertThat(search(alice, "get item")).contains(GET_ITEM);

			expect(this.owner.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-second", "owner",
					"alice", "credential", Map.of("type", "bearer", "token", "fresh-second-token"))), 201);
			assertThat(search(alice, "get item echo-second")).contains("echo-second__get_item");
		}
	}

	private static String search(Mcp alice, String query) {
		Mcp.Result result = alice.call("search_tools", Map.of("query", query));
		assertThat(result.isError()).as(result.text()).isFalse();
		return result.text();
	}

	private void assertReaches(Mcp alice) {
		assertThat(alice.toolNames()).contains(GET_ITEM);
		Mcp.Result result = alice.call(GET_ITEM, Map.of("id", "1"));
		assertThat(result.isError()).as(result.text()).isFalse();
	}

	private static void assertDenied(Mcp.Result result, String gate, String mention) {
		assertThat(result.isError()).as(result.text()).isTrue();
		assertThat(result.text()).contains("Denied by the " + gate + " gate").contains(mention);
	}

	private static void expect(Rest.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
	}

}
