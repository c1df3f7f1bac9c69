package io.quiver.edge.signin;

import java.util.HashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.MeterRegistry;
import io.quiver.support.McpWire;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The requests that open or check an MCP connection ({@code initialize}, {@code ping},
 * {@code server/discover}, the streams) resolve their caller like every other method: a
 * token whose client was revoked is 401 (SPEC R14.3), a suspended member is refused with
 * the member-status gate's reason (R2.5, R9), on the next request. Each token is used
 * twice first, so its signature check is kept ({@code VerifiedTokens}, the hit is
 * counted): the refusal comes from the live state, not from the token.
 */
class RefusedCallerIntegrationTest extends QuiverIntegrationTest {

	@Autowired
	private MeterRegistry meters;

	private static final Map<String, Object> INITIALIZE = Map.of("protocolVersion", "2025-11-25", "capabilities",
			Map.of(), "clientInfo", Map.of("name", "test", "version", "1"));

	@Test
	void aRevokedClientsTokenIsRefusedByInitializeAndPingLikeEveryOtherMethod() {
		OAuthDriver oauth = new OAuthDriver(baseUrl());
		String org = this.organizations.create("revoked");
		String client = oauth.register();
		String token = oauth.tokens(org, "owner", client, "mcp:read mcp:tools").path("access_token").asText();
		McpWire wire = new McpWire(baseUrl(), token);
		assertThat(wire.call("initialize", INITIALIZE).status()).isEqualTo(200);
		assertKept(() -> assertThat(wire.call("ping", Map.of()).status()).isEqualTo(200));

		Rest.Response revoked = rest(org, "owner").post("/api/v1/clients/revoke", Map.of("client", client));
		assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);

		for (Rest.Response refused : new Rest.Response[] { wire.call("initialize", INITIALIZE),
				wire.call("ping", Map.of()), wire.call("tools/list", Map.of()),
				wire.modern("server/discover", null, Map.of()) }) {
			assertThat(refused.status()).as(refused.body()).isEqualTo(401);
			assertThat(refused.headers().get("WWW-Authenticate")).singleElement()
				.satisfies((challenge) -> assertThat(challenge).contains("invalid_token"));
		}
	}

	@Test
	void aSuspendedMemberIsRefusedByInitializePingDiscoverAndStreams() {
		String org = this.organizations.create("suspended");
		Rest owner = rest(org, "owner");
		new OrgAdmin(owner).invite("carol", "MEMBER");
		McpWire carol = new McpWire(baseUrl(), this.organizations.token(org, "carol"));
		assertThat(carol.call("initialize", INITIALIZE).status()).isEqualTo(200);
		assertKept(() -> assertThat(carol.call("ping", Map.of()).status()).isEqualTo(200));

		assertThat(owner.post("/api/v1/members/carol/suspend", null).status()).isEqualTo(200);

		assertSuspended(carol.call("initialize", INITIALIZE));
		assertSuspended(carol.call("ping", Map.of()));
		assertSuspended(carol.modern("server/discover", null, Map.of()));
		assertSuspended(carol.modern("subscriptions/listen", null, Map.of("notifications", Map.of())));
		Map<String, String> stream = new HashMap<>();
		stream.put("Accept", "text/event-stream");
		stream.put("Content-Type", null);
		assertSuspended(carol.send("GET", null, stream));
		// what R2.3 prescribes for a caller without tool:execute: an empty list
		JsonNode list = carol.result("tools/list", Map.of());
		assertThat(list.path("tools")).isEmpty();

		assertThat(owner.post("/api/v1/members/carol/reinstate", null).status()).isEqualTo(200);
		assertThat(carol.call("ping", Map.of()).status()).isEqualTo(200);
	}

	@Test
	void aRemovedMembersKeptTokenIsRefusedOnTheNextRequest() {
		String org = this.organizations.create("removed");
		Rest owner = rest(org, "owner");
		new OrgAdmin(owner).invite("dave", "MEMBER");
		McpWire dave = new McpWire(baseUrl(), this.organizations.token(org, "dave"));
		assertThat(dave.call("initialize", INITIALIZE).status()).isEqualTo(200);
		assertKept(() -> assertThat(dave.call("ping", Map.of()).status()).isEqualTo(200));

		Rest.Response removed = owner.delete("/api/v1/members/dave");
		assertThat(removed.status()).as(removed.body()).isLessThan(300);

		Rest.Response refused = dave.call("ping", Map.of());
		assertThat(refused.status()).as(refused.body()).isEqualTo(403);
		assertThat(refused.json().path("error").path("message").asText()).contains("dave").contains("removed");
	}

	/** The request is answered from a kept signature check: a hit is counted. */
	private void assertKept(Runnable request) {
		double before = verifiedTokenHits();
		request.run();
		assertThat(verifiedTokenHits()).isGreaterThan(before);
	}

	private double verifiedTokenHits() {
		return this.meters.get("cache.gets")
			.tag("cache", "verified-tokens")
			.tag("result", "hit")
			.functionCounter()
			.count();
	}

	private static void assertSuspended(Rest.Response response) {
		assertThat(response.status()).as(response.body()).isEqualTo(403);
		assertThat(response.json().path("error").path("message").asText()).contains("carol").contains("is suspended");
	}

}
