package io.quiver.edge.console;

import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;

import io.quiver.support.FakeUpstream;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's forms over plain HTTP (what the browser test does not click): each POST
 * reaches its service and redirects back with a notice, or with the service's refusal.
 */
class ConsolePagesIntegrationTest extends QuiverIntegrationTest {

	@Test
	void anAdminRegistersConnectorsFromAnOpenApiDocumentAndAnMcpUrl() {
		String org = this.organizations.create("console-catalog");
		ConsoleHttp owner = signedIn(org, "owner");
		try (FakeUpstream upstream = FakeUpstream.start()) {
			assertThat(submit(owner, "/console/catalog", "/console/catalog", Map.of("id", "echo", "label", "Echo",
					"kind", "http", "openapi", upstream.openApi(), "allowPrivateNetwork", "true")))
				.contains("Registered echo.");
		}
		assertThat(submit(owner, "/console/catalog", "/console/catalog",
				Map.of("id", "remote", "label", "Remote MCP", "kind", "mcp", "url", "https://mcp.example.com/mcp")))
			.contains("Registered remote.");
		assertThat(submit(owner, "/console/catalog", "/console/catalog",
				Map.of("id", "broken", "label", "Broken", "kind", "http", "openapi", "not a document")))
			.contains("the OpenAPI document cannot be used");

		HttpResponse<String> echo = owner.get("/console/catalog/echo");
		assertThat(echo.body()).contains("echo.get_item", "echo.create_item", "echo.delete_item");
		assertThat(owner.get("/console/catalog?query=remote").body()).contains("Remote MCP").doesNotContain("Echo");
		assertThat(submit(owner, "/console/catalog", "/console/catalog/remote/unregister", Map.of()))
			.contains("Unregistered remote.");
	}

	@Test
	void anAdminManagesMembersAndConnectionsThroughTheForms() {
		String org = this.organizations.create("console-forms");
		ConsoleHttp owner = signedIn(org, "owner");
		Rest api = rest(org, "owner");
		submit(owner, "/console/members", "/console/members", Map.of("subject", "bob", "role", "MEMBER"));
		String bob = api.get("/api/v1/members/bob").json().path("memberId").asText();

		assertThat(submit(owner, "/console/members", "/console/members/" + bob + "/role", Map.of("role", "ADMIN")))
			.contains("Role changed to ADMIN.");
		assertThat(submit(owner, "/console/members", "/console/members/" + bob + "/suspend", Map.of()))
			.contains("Suspended.");
		assertThat(api.get("/api/v1/members/bob").json().path("status").asText()).isEqualTo("SUSPENDED");
		assertThat(submit(owner, "/console/members", "/console/members/" + bob + "/reinstate", Map.of()))
			.contains("Reinstated.");
		assertThat(submit(owner, "/console/members", "/console/members/" + bob + "/remove", Map.of()))
			.contains("Removed.");
		assertThat(submit(owner, "/console/members", "/console/members", Map.of("subject", "", "role", "MEMBER")))
			.contains("flash-error");

		Map<String, String> connect = new LinkedHashMap<>();
		connect.put("connector", "github");
		connect.put("label", "github-ops");
		connect.put("credentialType", "header");
		connect.put("headerName", "X-Api-Key");
		connect.put("headerValue", "never-shown-value");
		// GitHub connects by OAuth: its own button, on to GitHub once the organisation
		// has a client
		assertThat(owner.get("/console/connections").body()).contains("id=\"connect-with-github\"",
				"Connect with GitHub");
		assertThat(api
			.put("/api/v1/catalog/github/oauth-client",
					Map.of("clientId", "console-client", "clientSecret", "console-secret"))
			.status()).isEqualTo(200);
		owner.get("/console/connections");
		HttpResponse<String> oauth = owner.post("/console/connections", Map.of("connector", "github", "label",
				"github-oauth", "credentialType", "none", "_csrf", owner.csrf()));
		assertThat(oauth.statusCode()).isEqualTo(302);
		String start = oauth.headers().firstValue("Location").orElseThrow();
		assertThat(start).startsWith("http://localhost/oauth/connect/start?state=");
		HttpResponse<String> onward = owner.get(start.substring("http://localhost".length()));
		assertThat(onward.statusCode()).isEqualTo(302);
		assertThat(onward.headers().firstValue("Location").orElseThrow())
			.startsWith("https://github.com/login/oauth/authorize?")
			.contains("client_id=console-client", "code_challenge_method=S256");
		assertThat(api.get("/api/v1/connections/github-oauth").json().path("grantStatus").asText())
			.isEqualTo("PENDING_AUTHORIZATION");
		int operations = api.get("/api/v1/catalog/github").json().path("operations").size();
		assertThat(operations).isPositive();
		assertThat(submit(owner, "/console/connections", "/console/connections", connect))
			.contains("Connected github-ops.")
			// an http connection offers its connector's operations, not "0" (nothing
			// imported)
			.contains("<td>" + operations + "</td>")
			.doesNotContain("never-shown-value");
		String id = api.get("/api/v1/connections/github-ops").json().path("connectionId").asText();
		assertThat(submit(owner, "/console/connections", "/console/connections/" + id + "/label",
				Map.of("label", "github-platform")))
			.contains("Relabeled to github-platform.");
		assertThat(submit(owner, "/console/connections", "/console/connections/" + id + "/revoke-grant", Map.of()))
			.contains("Grant revoked.");
		assertThat(api.get("/api/v1/connections/github-platform").json().path("grantStatus").asText())
			.isEqualTo("REVOKED");
		assertThat(submit(owner, "/console/connections", "/console/connections/" + id + "/delete", Map.of()))
			.contains("Deleted.");
		assertThat(api.get("/api/v1/connections/github-platform").status()).isEqualTo(404);
	}

	@Test
	void anAdminEditsRulesGrantsToolboxesAndSettings() {
		String org = this.organizations.create("console-rules");
		ConsoleHttp owner = signedIn(org, "owner");
		Rest api = rest(org, "owner");
		api.post("/api/v1/connections", Map.of("connector", "notion", "label", "notion-hr"));

		assertThat(submit(owner, "/console/restrictions", "/console/restrictions",
				Map.of("target", "role:MEMBER", "allowRule", "true", "allow", "", "block", "")))
			.contains("Restriction created for role:MEMBER.")
			.contains("allow rule naming nothing: denies everything");
		String restriction = api.get("/api/v1/restrictions").json().get(0).path("restrictionId").asText();
		assertThat(submit(owner, "/console/restrictions", "/console/restrictions/" + restriction,
				Map.of("allow", "", "block", "tool:notion.trash_page\nconnector:stripe")))
			.contains("Restriction updated.")
			.contains("no allow rule (everything not blocked)")
			.contains("tool:notion.trash_page");
		assertThat(submit(owner, "/console/restrictions", "/console/restrictions",
				Map.of("target", "role:MEMBER", "block", "tool:nowhere.nothing")))
			.contains("flash-error");

		submit(owner, "/console/toolboxes", "/console/toolboxes", Map.of("name", "hr"));
		assertThat(
				submit(owner, "/console/toolboxes", "/console/toolboxes/hr/entries",
						Map.of("operation", "notion.get_page", "connectionLabels", "notion-hr", "frozen",
								"{\"page_id\":\"p1\"}")))
			.contains("Entry added.", "hr__get_page", "page_id=&quot;p1&quot;");
		assertThat(submit(owner, "/console/toolboxes", "/console/toolboxes/hr/entries",
				Map.of("operation", "notion.get_page", "connectionLabels", "notion-hr", "frozen", "[1]")))
			.contains("must be a JSON object");
		assertThat(submit(owner, "/console/toolboxes", "/console/toolboxes/hr/grants", Map.of("target", "role:MEMBER")))
			.contains("Granted to role:MEMBER.");
		assertThat(submit(owner, "/console/toolboxes", "/console/toolboxes/hr/grants/revoke",
				Map.of("target", "role:MEMBER")))
			.contains("Revoked from role:MEMBER.");

		assertThat(submit(owner, "/console/settings", "/console/settings", Map.of("collapseThreshold", "12")))
			.contains("Settings saved.");
		assertThat(api.get("/api/v1/org").json().path("collapseThreshold").asInt()).isEqualTo(12);
	}

	@Test
	void aMemberSeesItsOwnSurfaceButNotAnotherMembers() {
		String org = this.organizations.create("console-member");
		rest(org, "owner").post("/api/v1/members", Map.of("subject", "mia", "role", "MEMBER"));
		ConsoleHttp mia = signedIn(org, "mia");

		HttpResponse<String> own = mia.get("/console/surface");
		assertThat(own.statusCode()).isEqualTo(200);
		assertThat(own.body()).contains("quiver__connections__create").doesNotContain("invite-form");

		HttpResponse<String> other = mia.get("/console/surface?member=owner");
		assertThat(other.statusCode()).isEqualTo(403);
		assertThat(other.body()).contains("restrictions:read");
		assertThat(mia.get("/console/members").statusCode()).isEqualTo(403);
		assertThat(mia.get("/console/audit").statusCode()).isEqualTo(403);
	}

	@Test
	void anOwnerNamesTheMemberWhoseSurfaceItSeesByIdOrBySubject() {
		String org = this.organizations.create("console-surface-of");
		Rest api = rest(org, "owner");
		String nia = api.post("/api/v1/members", Map.of("subject", "nia", "role", "GUEST"))
			.json()
			.path("memberId")
			.asText();
		ConsoleHttp owner = signedIn(org, "owner");

		HttpResponse<String> bySubject = owner.get("/console/surface?member=nia");
		assertThat(bySubject.statusCode()).isEqualTo(200);
		assertThat(bySubject.body()).contains("<b>nia</b>").doesNotContain("quiver__connections__create");
		HttpResponse<String> byId = owner.get("/console/surface?member=" + nia);
		assertThat(byId.statusCode()).isEqualTo(200);
		assertThat(byId.body()).contains("<b>nia</b>").doesNotContain("quiver__connections__create");
		HttpResponse<String> nobody = owner.get("/console/surface?member=nobody");
		assertThat(nobody.statusCode()).isEqualTo(404);
		assertThat(nobody.body()).contains("no member &#39;nobody&#39;");
	}

	private ConsoleHttp signedIn(String org, String subject) {
		ConsoleHttp console = new ConsoleHttp(baseUrl());
		assertThat(console.signIn(org, subject).statusCode()).isEqualTo(302);
		return console;
	}

	/** Posts a form from its page, follows the redirect, answers the page shown after. */
	private static String submit(ConsoleHttp console, String page, String action, Map<String, String> fields) {
		console.get(page);
		Map<String, String> form = new LinkedHashMap<>(fields);
		form.put("_csrf", console.csrf());
		HttpResponse<String> posted = console.post(action, form);
		assertThat(posted.statusCode()).as(action).isEqualTo(302);
		String location = posted.headers().firstValue("Location").orElseThrow();
		return console.get(location.replaceFirst("^https?://[^/]+", "")).body();
	}

}
