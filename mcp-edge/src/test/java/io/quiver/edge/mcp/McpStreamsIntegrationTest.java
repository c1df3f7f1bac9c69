package io.quiver.edge.mcp;

import java.util.List;
import java.util.Map;

import io.quiver.support.FakeUpstream;
import io.quiver.support.McpStream;
import io.quiver.support.McpWire;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Live tool-list changes (SPEC R12.6): when an event changes what a caller would see in
 * {@code tools/list}, every open stream of that caller gets exactly one
 * {@code notifications/tools/list_changed}, legacy GET streams and 2026-07-28
 * {@code subscriptions/listen} streams alike, and nobody else gets one.
 * <p>
 * Streams of one organisation are recomputed in the order events commit, so "nobody else"
 * is proven without waiting: after the change that concerns bob, a change that concerns
 * only alice (then only carol) is made; their streams then hold exactly one notification,
 * which they would not if the first change had notified them too (it would have arrived
 * first, on the same stream).
 */
class McpStreamsIntegrationTest extends QuiverIntegrationTest {

	private FakeUpstream upstream;

	private String org;

	private OrgAdmin admin;

	@BeforeEach
	void threeMembersShareAToolbox() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("streams");
		Rest owner = rest(this.org, "owner");
		this.admin = new OrgAdmin(owner);
		this.admin.collapseThreshold(10_000);
		this.admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		this.admin.connectFor("owner", "echo", "echo-team");
		this.admin.createToolbox("team");
		this.admin.addEntry("team", "echo.get_item", List.of("echo-team"), null);
		this.admin.addEntry("team", "echo.delete_item", List.of("echo-team"), null);
		for (String member : List.of("alice", "bob", "carol")) {
			this.admin.invite(member, "MEMBER");
		}
		this.admin.grant("team", "role:MEMBER");
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void aRestrictionOfOneMemberNotifiesExactlyThatMembersStreamsOnceEach() {
		try (McpStream aliceLegacy = legacy("alice");
				McpStream aliceModern = listen("alice", 11);
				McpStream bobLegacy = legacy("bob");
				McpStream bobModern = listen("bob", 12);
				McpStream bobSecond = legacy("bob");
				McpStream carolLegacy = legacy("carol");
				McpStream carolModern = listen("carol", 13)) {
			// not a change of anybody's surface: nobody hears of it
			this.admin.invite("dave", "GUEST");

			this.admin.block("user:bob", List.of("tool:echo.delete_item"));
			bobLegacy.awaitListChanged(1);
			bobModern.awaitListChanged(1);
			bobSecond.awaitListChanged(1);

			this.admin.block("user:alice", List.of("tool:echo.get_item"));
			aliceLegacy.awaitListChanged(1);
			aliceModern.awaitListChanged(1);

			this.admin.block("user:carol", List.of("tool:echo.get_item"));
			carolLegacy.awaitListChanged(1);
			carolModern.awaitListChanged(1);

			for (McpStream stream : List.of(aliceLegacy, aliceModern, bobLegacy, bobModern, bobSecond, carolLegacy,
					carolModern)) {
				assertThat(stream.listChanged()).isEqualTo(1);
			}
			assertThat(bobModern.messages().get(0).path("method").asText())
				.isEqualTo("notifications/subscriptions/acknowledged");
			assertThat(bobModern.messages()
				.get(0)
				.path("params")
				.path("_meta")
				.path("io.modelcontextprotocol/subscriptionId")
				.asInt()).isEqualTo(12);
			assertThat(bobModern.messages()
				.get(1)
				.path("params")
				.path("_meta")
				.path("io.modelcontextprotocol/subscriptionId")
				.asInt()).isEqualTo(12);
			assertThat(bobLegacy.messages().get(0).has("params")).isFalse();
		}
	}

	@Test
	void aListenStreamThatDidNotAskForToolChangesGetsNone() {
		try (McpStream quiet = McpStream.listen(baseUrl(), this.organizations.token(this.org, "alice"), 21, false);
				McpStream asking = listen("alice", 22)) {
			this.admin.block("user:alice", List.of("tool:echo.get_item"));
			asking.awaitListChanged(1);
			assertThat(quiet.messages()).hasSize(1);
			assertThat(quiet.messages().get(0).path("params").path("notifications").has("toolsListChanged")).isFalse();
		}
	}

	@Test
	void aSuspendedMembersStreamsAreToldAndClosed() {
		try (McpStream legacy = legacy("carol"); McpStream modern = listen("carol", 31)) {
			expect(rest(this.org, "owner").post("/api/v1/members/carol/suspend", null));
			legacy.awaitListChanged(1);
			modern.awaitListChanged(1);
			legacy.awaitEnded();
			modern.awaitEnded();
			// a listen stream ends with its closing result, carrying the subscription id
			assertThat(modern.messages()
				.get(modern.messages().size() - 1)
				.path("result")
				.path("_meta")
				.path("io.modelcontextprotocol/subscriptionId")
				.asInt()).isEqualTo(31);
		}
	}

	@Test
	void aModernToolsListCarriesCachingHintsFromTheCallersStateAlone() {
		McpWire alice = new McpWire(baseUrl(), this.organizations.token(this.org, "alice"));
		Map<String, Object> meta = Map.of("_meta", Map.of("io.modelcontextprotocol/protocolVersion", "2026-07-28",
				"io.modelcontextprotocol/clientCapabilities", Map.of()));
		Map<String, String> headers = Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/list");
		Rest.Response first = alice.post(McpWire.request(1, "tools/list", meta).toString(), headers);
		Rest.Response second = alice.post(McpWire.request(1, "tools/list", meta).toString(), headers);
		assertThat(first.status()).isEqualTo(200);
		assertThat(first.body()).isEqualTo(second.body());
		assertThat(first.json().path("result").path("cacheScope").asText()).isEqualTo("private");
		assertThat(first.json().path("result").path("resultType").asText()).isEqualTo("complete");
		// a flat surface: five minutes
		assertThat(first.json().path("result").path("ttlMs").asLong()).isEqualTo(ToolListing.FLAT_TTL_MS);

		this.admin.collapseThreshold(1);
		Rest.Response collapsed = alice.post(McpWire.request(1, "tools/list", meta).toString(), headers);
		assertThat(collapsed.json().path("result").path("ttlMs").asLong()).isEqualTo(ToolListing.COLLAPSED_TTL_MS);
	}

	private McpStream legacy(String member) {
		return McpStream.legacy(baseUrl(), this.organizations.token(this.org, member));
	}

	private McpStream listen(String member, int id) {
		return McpStream.listen(baseUrl(), this.organizations.token(this.org, member), id, true);
	}

	private static void expect(Rest.Response response) {
		assertThat(response.status()).as(response.body()).isEqualTo(200);
	}

}
