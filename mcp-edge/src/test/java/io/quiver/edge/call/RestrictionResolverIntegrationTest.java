package io.quiver.edge.call;

import java.util.ArrayList;
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
 * One restriction resolver at every point it is consulted (SPEC R8.7): browse (the
 * catalog), connect (creating a connection), advertise and execute; pins that survive
 * relabeling in both directions and blocks that also match by name (R8.6), and
 * {@code quiver__restrictions__explain} naming the layer, the rule and how it matched.
 * Alice and Lea are MEMBERs with an echo account each ({@code echo-alice},
 * {@code echo-legal}).
 */
class RestrictionResolverIntegrationTest extends QuiverIntegrationTest {

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("resolver");
		this.owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.collapseThreshold(10_000);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		for (String subject : List.of("alice", "lea")) {
			admin.invite(subject, "MEMBER");
		}
		connect("alice", "echo-alice");
		connect("lea", "echo-legal");
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void aBlockedConnectorIsHiddenAtBrowseRefusedAtConnectWithheldAtAdvertiseAndAtExecute() {
		String restriction = restrict(Map.of("target", "role:MEMBER", "block", List.of("connector:echo")));
		Rest alice = rest(this.org, "alice");

		// browse
		assertThat(connectorIds(alice.get("/api/v1/catalog").json())).doesNotContain("echo").contains("notion");
		assertThat(connectorIds(this.owner.get("/api/v1/catalog").json())).contains("echo");
		assertThat(alice.get("/api/v1/catalog/echo").status()).isEqualTo(404);
		try (Mcp client = mcp(this.org, "alice")) {
			Mcp.Result browse = client.call("quiver__catalog__browse", Map.of());
			assertThat(browse.isError()).as(browse.text()).isFalse();
			assertThat(connectorIds(browse.structured().path("items"))).doesNotContain("echo").contains("notion");
		}

		// connect
		Rest.Response own = alice.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-alice-2"));
		assertThat(own.status()).as(own.body()).isEqualTo(403);
		assertThat(own.body()).contains("connector echo is blocked");
		Rest.Response forAlice = this.owner.post("/api/v1/connections",
				Map.of("connector", "echo", "label", "echo-alice-3", "owner", "alice"));
		assertThat(forAlice.status()).as("the resolver is asked about the owner").isEqualTo(403);
		expect(this.owner.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-owner")), 201);

		// advertise and execute
		try (Mcp client = mcp(this.org, "alice")) {
			assertThat(client.toolNames()).noneMatch((name) -> name.startsWith("echo-"));
			Mcp.Result call = client.call("echo-alice__get_item", Map.of("id", "1"));
			assertThat(call.isError()).isTrue();
			assertThat(call.text()).contains("Denied by the restriction gate").contains("connector:echo");
		}
		assertThat(this.upstream.received()).isEmpty();

		JsonNode explained = explain("alice", "echo-alice__get_item");
		assertThat(explained.path("reachable").asBoolean()).isFalse();
		assertThat(explained.path("deniedBy").asText()).isEqualTo("restriction");
		JsonNode decision = explained.path("connections").get(0);
		assertThat(decision.path("layer").asText()).isEqualTo("role:MEMBER");
		assertThat(decision.path("stage").asText()).isEqualTo("block");
		assertThat(decision.path("restrictionId").asText()).isEqualTo(restriction);
		assertThat(decision.path("item").asText()).isEqualTo("connector:echo");
		assertThat(decision.path("matchedBy").asText()).isEqualTo("pin");
	}

	@Test
	void explainNamesTheLayerTheRuleAndWhetherItMatchedByNameOrByPin() {
		String restriction = restrict(Map.of("target", "role:MEMBER", "block", List.of("tool:echo-legal__get_item")));
		relabel("lea", "echo-legal", "echo-legal-old");
		relabel("alice", "echo-alice", "echo-legal");

		JsonNode byName = explain("alice", "echo-legal__get_item").path("connections").get(0);
		assertThat(byName.path("allowed").asBoolean()).isFalse();
		assertThat(byName.path("layer").asText()).isEqualTo("role:MEMBER");
		assertThat(byName.path("restrictionId").asText()).isEqualTo(restriction);
		assertThat(byName.path("item").asText()).isEqualTo("tool:echo-legal__get_item");
		assertThat(byName.path("matchedBy").asText()).isEqualTo("name");
		assertDenied("alice", "echo-legal__get_item");

		JsonNode byPin = explain("lea", "echo-legal-old__get_item").path("connections").get(0);
		assertThat(byPin.path("allowed").asBoolean()).isFalse();
		assertThat(byPin.path("matchedBy").asText()).isEqualTo("pin");
		assertDenied("lea", "echo-legal-old__get_item");

		String override = restrict(Map.of("target", "user:alice", "block", List.of()));
		JsonNode overridden = explain("alice", "echo-legal__get_item");
		assertThat(overridden.path("reachable").asBoolean()).isTrue();
		assertThat(overridden.path("connections").get(0).path("layer").asText()).isEqualTo("user:alice");
		assertThat(overridden.path("connections").get(0).path("allowed").asBoolean()).isTrue();

		try (Mcp client = mcp(this.org, "owner")) {
			Mcp.Result viaMcp = client.call("quiver__restrictions__explain",
					Map.of("member", "lea", "tool", "echo-legal-old__get_item"));
			assertThat(viaMcp.isError()).as(viaMcp.text()).isFalse();
			JsonNode decision = viaMcp.structured().path("connections").get(0);
			assertThat(decision.path("layer").asText()).isEqualTo("role:MEMBER");
			assertThat(decision.path("matchedBy").asText()).isEqualTo("pin");
			assertThat(decision.path("item").asText()).isEqualTo("tool:echo-legal__get_item");
		}
		assertThat(override).isNotEqualTo(restriction);
	}

	@Test
	void relabelingAnAccountToTheNameAnAllowRuleMentionsDoesNotReachTheTool() {
		restrict(Map.of("target", "role:MEMBER", "allow", List.of("tool:echo-legal__get_item")));
		relabel("lea", "echo-legal", "echo-legal-old");
		relabel("alice", "echo-alice", "echo-legal");

		try (Mcp alice = mcp(this.org, "alice")) {
			assertThat(alice.toolNames()).noneMatch((name) -> name.startsWith("echo-"));
		}
		assertDenied("alice", "echo-legal__get_item");
		assertThat(explain("alice", "echo-legal__get_item").path("connections").get(0).path("stage").asText())
			.isEqualTo("allowlist");
		try (Mcp lea = mcp(this.org, "lea")) {
			assertThat(lea.toolNames()).contains("echo-legal-old__get_item")
				.doesNotContain("echo-legal-old__create_item");
			assertThat(lea.call("echo-legal-old__get_item", Map.of("id", "1")).isError()).isFalse();
		}
		assertThat(this.upstream.received()).hasSize(1);
	}

	@Test
	void relabelingAnAccountToEscapeABlockDoesNotEscapeThePin() {
		restrict(Map.of("target", "user:alice", "block", List.of("tool:echo-alice__delete_item")));
		relabel("alice", "echo-alice", "echo-free");

		try (Mcp alice = mcp(this.org, "alice")) {
			assertThat(alice.toolNames()).contains("echo-free__get_item").doesNotContain("echo-free__delete_item");
		}
		assertDenied("alice", "echo-free__delete_item");
		assertThat(explain("alice", "echo-free__delete_item").path("connections").get(0).path("matchedBy").asText())
			.isEqualTo("pin");
	}

	@Test
	void anotherMembersAccountToolIsDeniedByTheAccessGateWhateverTheRestrictions() {
		restrict(Map.of("target", "user:alice", "allow", List.of("tool:echo-legal__get_item")));

		try (Mcp alice = mcp(this.org, "alice")) {
			assertThat(alice.toolNames()).noneMatch((name) -> name.startsWith("echo-legal__"));
			Mcp.Result call = alice.call("echo-legal__get_item", Map.of("id", "1"));
			assertThat(call.isError()).isTrue();
			assertThat(call.text()).contains("Denied by the access gate").contains("another member");
		}
		assertThat(this.upstream.received()).isEmpty();
	}

	private void assertDenied(String subject, String tool) {
		try (Mcp client = mcp(this.org, subject)) {
			Mcp.Result result = client.call(tool, Map.of("id", "1"));
			assertThat(result.isError()).as(result.text()).isTrue();
			assertThat(result.text()).contains("Denied by the restriction gate");
		}
	}

	private JsonNode explain(String member, String tool) {
		Rest.Response response = this.owner.get("/api/v1/compliance/explain?member=" + member + "&tool=" + tool);
		assertThat(response.status()).as(response.body()).isEqualTo(200);
		return response.json();
	}

	private String restrict(Map<String, Object> restriction) {
		Rest.Response created = this.owner.post("/api/v1/restrictions", restriction);
		expect(created, 201);
		return created.json().path("restrictionId").asText();
	}

	private void relabel(String subject, String from, String to) {
		expect(rest(this.org, subject).put("/api/v1/connections/" + from + "/label", Map.of("label", to)), 200);
	}

	private void connect(String subject, String label) {
		expect(rest(this.org, subject).post("/api/v1/connections", Map.of("connector", "echo", "label", label,
				"credential", Map.of("type", "bearer", "token", "resolver-token-" + subject))), 201);
	}

	private static List<String> connectorIds(JsonNode entries) {
		List<String> ids = new ArrayList<>();
		entries.forEach((entry) -> ids.add(entry.path("id").asText()));
		return ids;
	}

	private static void expect(Rest.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
	}

}
