package io.quiver.edge.call;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.query.gate.Call;
import io.quiver.query.gate.CallStep;
import io.quiver.query.gate.CallSteps;
import io.quiver.query.gate.api.Verdict;
import io.quiver.support.EverythingUpstream;
import io.quiver.support.FakeUpstream;
import io.quiver.support.McpWire;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every step of {@link CallSteps} decides once per call (SPEC R7.1): in a direct call and
 * in an {@code execute_tool} call of a connected tool, each step's check for that tool
 * runs exactly once (per connection, for the connection steps, also for a tool merged
 * over two accounts). The surface an {@code execute_tool} call needs for its collapse
 * check is computed once, and evaluates the called tool's steps at most once more. A
 * {@code resources/read} of a link a tool returned (R12.8) runs the same steps once each,
 * on the link's tool and connection. The steps are counted by wrapping every one of the
 * application's steps.
 */
class GateInvocationsIntegrationTest extends QuiverIntegrationTest {

	/** (step, call or surface, tool name, connection) to invocations. */
	private static final Map<String, Integer> INVOCATIONS = new TreeMap<>();

	/** The steps that decide before an {@code execute_tool} call is unwrapped. */
	private static final List<String> BEFORE_UNWRAPPING = List.of("member-status", "tool-execute", "collapse");

	private FakeUpstream upstream;

	private String org;

	@TestConfiguration
	static class CountingSteps {

		@Bean
		@Primary
		CallSteps countingCallSteps(List<CallStep> steps) {
			return new CallSteps(steps.stream().map(Counting::new).map(CallStep.class::cast).toList());
		}

	}

	/** A step that counts its invocations before deciding as the step it wraps. */
	record Counting(CallStep step) implements CallStep {

		@Override
		public String name() {
			return this.step.name();
		}

		@Override
		public Extent extent() {
			return this.step.extent();
		}

		@Override
		public Verdict apply(Call call) {
			count(call, null);
			return this.step.apply(call);
		}

		@Override
		public Verdict apply(Call call, String connectionId) {
			count(call, connectionId);
			return this.step.apply(call, connectionId);
		}

		private void count(Call call, String connectionId) {
			String key = this.step.name() + " | " + (call.probe() ? "surface" : "call") + " | " + call.name()
					+ ((connectionId != null) ? " | " + connectionId : "");
			synchronized (INVOCATIONS) {
				INVOCATIONS.merge(key, 1, Integer::sum);
			}
		}

	}

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("invocations");
		OrgAdmin owner = new OrgAdmin(rest(this.org, "owner"));
		owner.invite("alice", "MEMBER");
		owner.invite("bob", "MEMBER");
		owner.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		OrgAdmin.connect(rest(this.org, "alice"), "echo", "echo-alice");
		OrgAdmin.connect(rest(this.org, "bob"), "echo", "echo-bob");
		owner.createToolbox("team");
		owner.addEntry("team", "echo.get_item", List.of("echo-alice", "echo-bob"), null);
		owner.grant("team", "role:MEMBER");
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void eachStepDecidesOnceOnADirectCall() {
		McpWire alice = new McpWire(baseUrl(), this.organizations.token(this.org, "alice"));
		Map<String, Map<String, Object>> calls = Map.of("echo-alice__get_item", Map.of("id", "7"), "team__get_item",
				Map.of("id", "7", "connection", "echo-bob"));
		for (Map.Entry<String, Map<String, Object>> call : calls.entrySet()) {
			String tool = call.getKey();
			Map<String, Integer> counted = counted(
					() -> alice.result("tools/call", Map.of("name", tool, "arguments", call.getValue())));
			assertOnceEach(counted, tool, tool, BEFORE_UNWRAPPING);
			assertThat(counted.keySet()).as("a direct call computes no surface")
				.noneMatch((k) -> k.contains("surface"));
		}
	}

	@Test
	void eachStepDecidesOnceOnAnExecuteToolCall() {
		new OrgAdmin(rest(this.org, "owner")).collapseThreshold(0);
		McpWire alice = new McpWire(baseUrl(), this.organizations.token(this.org, "alice"));
		String tool = "echo-alice__get_item";
		Map<String, Integer> counted = counted(() -> alice.result("tools/call",
				Map.of("name", "execute_tool", "arguments", Map.of("name", tool, "arguments", Map.of("id", "7")))));
		assertOnceEach(counted, "execute_tool", tool, BEFORE_UNWRAPPING);
		// the collapse check needs the surface: computed once, the called tool's steps in
		// it
		// once
		assertThat(counted.get("member-status | surface | null")).isEqualTo(1);
		for (String step : List.of("access", "scope")) {
			assertThat(counted.get(step + " | surface | " + tool)).as(step).isEqualTo(1);
		}
	}

	@Test
	void eachStepDecidesOnceOnAResourceRead() {
		try (EverythingUpstream everything = EverythingUpstream.start()) {
			Rest owner = rest(this.org, "owner");
			new OrgAdmin(owner).collapseThreshold(10_000);
			Rest.Response registered = owner.post("/api/v1/catalog", Map.of("id", "everything", "label", "Everything",
					"kind", "mcp", "url", everything.url(), "allowPrivateNetwork", true));
			assertThat(registered.status()).as(registered.body()).isEqualTo(201);
			Rest.Response connected = owner.post("/api/v1/connections",
					Map.of("connector", "everything", "label", "ev"));
			assertThat(connected.status()).as(connected.body()).isEqualTo(201);
			McpWire client = new McpWire(baseUrl(), this.organizations.token(this.org, "owner"));
			String tool = "ev__get-resource-links";
			JsonNode linked = client.result("tools/call", Map.of("name", tool, "arguments", Map.of("count", 1)));
			String uri = linked.path("content").get(1).path("uri").asText();
			Map<String, Integer> counted = counted(() -> client.result("resources/read", Map.of("uri", uri)));
			// the name step resolves the link: the steps before it see the read's own
			// name
			assertOnceEach(counted, "resources/read", tool,
					List.of("member-status", "tool-execute", "collapse", "name"));
			assertThat(counted.keySet()).as("a read computes no surface").noneMatch((k) -> k.contains("surface"));
		}
	}

	/**
	 * Every step ran on the call exactly once: those before the name is resolved on the
	 * name called, the others on the tool, per connection for the connection steps.
	 */
	private static void assertOnceEach(Map<String, Integer> counted, String called, String tool,
			List<String> beforeResolution) {
		for (String step : CallSteps.ORDER) {
			String prefix = step + " | call | " + (beforeResolution.contains(step) ? called : tool);
			Map<String, Integer> ofStep = new TreeMap<>();
			counted.forEach((key, count) -> {
				if (key.startsWith(step + " | call | ")) {
					ofStep.put(key, count);
				}
			});
			assertThat(ofStep).as(step).isNotEmpty();
			assertThat(ofStep.keySet()).as(step).allMatch((key) -> key.startsWith(prefix));
			assertThat(ofStep.values()).as("%s: %s", step, ofStep).containsOnly(1);
		}
	}

	private static Map<String, Integer> counted(Supplier<JsonNode> call) {
		synchronized (INVOCATIONS) {
			INVOCATIONS.clear();
		}
		JsonNode result = call.get();
		assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
		synchronized (INVOCATIONS) {
			return new TreeMap<>(INVOCATIONS);
		}
	}

}
