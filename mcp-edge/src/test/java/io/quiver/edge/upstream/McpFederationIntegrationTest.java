package io.quiver.edge.upstream;

import java.util.Map;

import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MCP federation end to end (SPEC R4.1, R7.6, R7.7): a real upstream MCP server (the
 * official Java SDK server) is registered as an {@code mcp} connector, connected with a
 * bearer credential, its tools imported, searched and executed through Quiver by a real
 * MCP client. The credential reaches the upstream and never the client; an upstream that
 * dies mid-call fails in band, and the next call after its restart succeeds.
 */
class McpFederationIntegrationTest extends QuiverIntegrationTest {

	private static final String TOKEN = "canary-upstream-token-5d0b7e91";

	private SdkMcpServer upstream;

	private String org;

	@BeforeEach
	void upstreamAndOrganisation() throws Exception {
		this.upstream = new SdkMcpServer(TOKEN);
		this.org = this.organizations.create("federation");
	}

	@AfterEach
	void stopUpstream() throws Exception {
		this.upstream.close();
	}

	@Test
	void anUpstreamMcpServersToolsAreImportedSearchedAndExecutedThroughQuiver() throws Exception {
		Rest owner = rest(this.org, "owner");
		Rest.Response registered = owner.post("/api/v1/catalog", Map.of("id", "pages", "label", "Pages", "kind", "mcp",
				"url", this.upstream.url(), "allowPrivateNetwork", true));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		Rest.Response connected = owner.post("/api/v1/connections", Map.of("connector", "pages", "label", "pages-team",
				"credential", Map.of("type", "bearer", "token", TOKEN)));
		assertThat(connected.status()).as(connected.body()).isEqualTo(201);
		assertThat(connected.json().path("importedTools").asInt()).isEqualTo(6);
		assertThat(connected.body()).doesNotContain(TOKEN);

		try (Mcp client = mcp(this.org, "owner")) {
			assertThat(client.toolNames()).contains("search_tools", "execute_tool")
				.doesNotContain("pages-team__search_pages");
			Mcp.Result found = client.call("search_tools", Map.of("query", "search pages"));
			assertThat(found.structured().path("results").get(0).path("name").asText())
				.isEqualTo("pages-team__search_pages");
			assertThat(found.structured().path("results").get(0).path("connector").asText()).isEqualTo("Pages");

			Mcp.Result searched = client.execute("pages-team__search_pages", Map.of("query", "roadmap"));
			assertThat(searched.isError()).as(searched.text()).isFalse();
			assertThat(searched.text()).contains("found 2 pages");
			assertThat(searched.structured().path("pages")).hasSize(2);

			Mcp.Result echoed = client.call("pages-team__echo_auth", Map.of());
			assertThat(echoed.isError()).isFalse();
			assertThat(this.upstream.lastAuthorization.get()).isEqualTo("Bearer " + TOKEN);
			assertThat(echoed.text() + echoed.structured()).doesNotContain(TOKEN);

			Mcp.Result failing = client.call("pages-team__failing", Map.of());
			assertThat(failing.isError()).isTrue();

			int port = java.net.URI.create(this.upstream.url()).getPort();
			this.upstream.stop();
			Mcp.Result down = client.call("pages-team__search_pages", Map.of("query", "x"));
			assertThat(down.isError()).isTrue();
			assertThat(down.text()).contains("pages-team");
			this.upstream.start(port);
			Mcp.Result back = client.call("pages-team__search_pages", Map.of("query", "x"));
			assertThat(back.isError()).as(back.text()).isFalse();
		}
		var entries = owner.get("/api/v1/audit?connection=pages-team").json().path("entries");
		assertThat(entries.toString()).doesNotContain(TOKEN).doesNotContain("roadmap");
		assertThat(entries.get(0).path("account").asText()).isEqualTo("pages-team");
	}

	@Test
	void refreshReimportsTheUpstreamTools() {
		Rest owner = rest(this.org, "owner");
		owner.post("/api/v1/catalog", Map.of("id", "pages", "label", "Pages", "kind", "mcp", "url", this.upstream.url(),
				"allowPrivateNetwork", true));
		owner.post("/api/v1/connections", Map.of("connector", "pages", "label", "pages-refresh", "credential",
				Map.of("type", "bearer", "token", TOKEN)));
		Rest.Response refreshed = owner.post("/api/v1/connections/pages-refresh/refresh", Map.of());
		assertThat(refreshed.status()).as(refreshed.body()).isEqualTo(200);
		assertThat(refreshed.json().path("importedTools").asInt()).isEqualTo(6);

		Rest.Response wrong = owner.post("/api/v1/connections", Map.of("connector", "pages", "label", "pages-wrong",
				"credential", Map.of("type", "bearer", "token", "not-the-token")));
		assertThat(wrong.status()).isEqualTo(409);
		assertThat(wrong.json().path("code").asText()).isEqualTo("connection.upstream-unavailable");
		assertThat(owner.get("/api/v1/connections/pages-wrong").status()).isEqualTo(404);

		// without a credential: the server answers 401 but offers no MCP authorization
		Rest.Response none = owner.post("/api/v1/connections", Map.of("connector", "pages", "label", "pages-none"));
		assertThat(none.status()).as(none.body()).isEqualTo(409);
		assertThat(none.body()).contains("connect it with its token as the credential");
		assertThat(owner.get("/api/v1/connections/pages-none").status()).isEqualTo(404);
	}

}
