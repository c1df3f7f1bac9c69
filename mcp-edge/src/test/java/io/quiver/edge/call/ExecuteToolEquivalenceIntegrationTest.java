package io.quiver.edge.call;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.support.FakeUpstream;
import io.quiver.support.McpWire;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code execute_tool} is a pure naming indirection (SPEC R5.5, R7.1): for every tool any
 * of a set of callers can see (an admin, a member, the same member with a read-only
 * token, a member under a restriction, an auditor), and a name that does not exist, the
 * tool called directly and called through {@code execute_tool}, with valid and with
 * invalid arguments, gives the same result and the same audited gate decision.
 * <p>
 * The comparison runs in two identical organisations: direct calls in one, the same calls
 * through {@code execute_tool} in the other, in the same order, so that calls which
 * change state (inviting a member, creating a toolbox) leave both in the same state and
 * the very same arguments can be used both ways.
 */
class ExecuteToolEquivalenceIntegrationTest extends QuiverIntegrationTest {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final String UNKNOWN = "echo-alice__get_itme";

	private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

	private static final Pattern INSTANT = Pattern
		.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})");

	/** Short generated ids such as a toolbox entry's {@code e-4ab8ba79}. */
	private static final Pattern SHORT_ID = Pattern.compile("\\b([a-z]{1,2})-[0-9a-f]{8}\\b");

	private static final Pattern HASH = Pattern.compile("\\b[0-9a-f]{64}\\b");

	/** An audit entry's duration, also inside a text block (escaped quotes). */
	private static final Pattern DURATION = Pattern.compile("(durationMicros\\\\?\"):\\d+");

	/** A checkpoint's signature, which covers its organisation, root and time. */
	private static final Pattern SIGNATURE = Pattern.compile("(signature\\\\?\"):\\\\?\"[A-Za-z0-9+/=]+");

	private static final Pattern VIA_EXECUTE_TOOL = Pattern.compile("(viaExecuteTool\\\\?\"):true");

	/** Subject and token scope of each caller; null means every scope. */
	private static final Map<String, String[]> CALLERS = new LinkedHashMap<>();

	static {
		CALLERS.put("admin", new String[] { "ada", null });
		CALLERS.put("member", new String[] { "alice", null });
		CALLERS.put("member-read-only", new String[] { "alice", "mcp:read mcp:tools" });
		CALLERS.put("member-restricted", new String[] { "bob", null });
		CALLERS.put("auditor", new String[] { "carol", null });
	}

	private FakeUpstream upstream;

	@BeforeEach
	void start() {
		this.upstream = FakeUpstream.start();
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void everyToolCalledDirectlyAndThroughExecuteToolHasTheSameOutcomeAndGateDecision() {
		String direct = world();
		String indirect = world();

		Map<String, Set<String>> visible = new LinkedHashMap<>();
		Map<String, JsonNode> schemas = visibleTools(direct, visible);
		schemas.put(UNKNOWN, JSON.createObjectNode().put("type", "object"));
		new OrgAdmin(rest(direct, "owner")).collapseThreshold(0);
		new OrgAdmin(rest(indirect, "owner")).collapseThreshold(0);

		int calls = 0;
		for (Map.Entry<String, String[]> caller : CALLERS.entrySet()) {
			McpWire viaName = wire(direct, caller.getValue());
			McpWire viaExecute = wire(indirect, caller.getValue());
			for (Map.Entry<String, JsonNode> tool : schemas.entrySet()) {
				// A tool the caller cannot see is denied before its arguments are looked
				// at:
				// one set of arguments is enough for it.
				List<ObjectNode> variants = visible.get(caller.getKey()).contains(tool.getKey())
						? List.of(validArguments(tool.getValue()), invalidArguments(tool.getValue()))
						: List.of(validArguments(tool.getValue()));
				for (ObjectNode arguments : variants) {
					JsonNode expected = viaName.result("tools/call",
							Map.of("name", tool.getKey(), "arguments", arguments));
					JsonNode actual = viaExecute.result("tools/call", Map.of("name", "execute_tool", "arguments",
							Map.of("name", tool.getKey(), "arguments", arguments)));
					assertThat(normalize(actual, indirect))
						.as("%s calls %s with %s", caller.getKey(), tool.getKey(), arguments)
						.isEqualTo(normalize(expected, direct));
					calls++;
				}
			}
		}

		List<JsonNode> directTrail = trail(direct);
		List<JsonNode> indirectTrail = trail(indirect);
		assertThat(directTrail).hasSize(calls);
		assertThat(indirectTrail).hasSize(calls);
		Map<String, Integer> decisions = new TreeMap<>();
		for (int i = 0; i < calls; i++) {
			JsonNode a = directTrail.get(i);
			JsonNode b = indirectTrail.get(i);
			String call = a.path("subject").asText() + " -> " + a.path("requestedName").asText();
			for (String field : List.of("subject", "gate", "decision", "outcome", "errorCode")) {
				assertThat(b.path(field)).as("%s: %s", call, field).isEqualTo(a.path(field));
			}
			assertThat(a.path("viaExecuteTool").asBoolean()).isFalse();
			// tool:execute is checked before execute_tool is unwrapped (R7.1): a caller
			// without
			// it is recorded as calling execute_tool itself.
			boolean unwrapped = !"tool-execute".equals(b.path("gate").asText());
			assertThat(b.path("viaExecuteTool").asBoolean()).as(call).isEqualTo(unwrapped);
			if (unwrapped) {
				for (String field : List.of("requestedName", "resolvedTool", "operation", "classification", "account",
						"argumentNames", "argumentCount")) {
					assertThat(b.path(field)).as("%s: %s", call, field).isEqualTo(a.path(field));
				}
			}
			else {
				assertThat(b.path("requestedName").asText()).isEqualTo("execute_tool");
			}
			decisions.merge(
					a.path("decision").asText() + " " + a.path("gate").asText() + " " + a.path("outcome").asText(), 1,
					Integer::sum);
		}
		System.out.println("execute_tool equivalence: " + calls + " call pairs, " + decisions);

		// The comparison covers every gate that can answer, not just successes.
		assertThat(decisions.keySet()).anyMatch((d) -> d.startsWith("allowed") && d.endsWith("success"))
			.anyMatch((d) -> d.startsWith("allowed") && d.endsWith("error"))
			.contains("denied tool-execute denied", "denied name unknown", "denied role-permission denied",
					"denied access denied", "denied scope denied", "denied restriction denied",
					"denied arguments denied");
		assertThat(this.upstream.received()).isNotEmpty();
	}

	/**
	 * An organisation with an admin, two members, an auditor, connections, a toolbox and
	 * a restriction.
	 */
	private String world() {
		String org = this.organizations.create("equivalence");
		OrgAdmin owner = new OrgAdmin(rest(org, "owner"));
		owner.invite("ada", "ADMIN");
		owner.invite("alice", "MEMBER");
		owner.invite("bob", "MEMBER");
		owner.invite("carol", "AUDITOR");
		owner.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		OrgAdmin.connect(rest(org, "ada"), "echo", "echo-ada");
		OrgAdmin.connect(rest(org, "alice"), "echo", "echo-alice");
		OrgAdmin.connect(rest(org, "bob"), "echo", "echo-bob");
		owner.createToolbox("team");
		owner.addEntry("team", "echo.get_item", List.of("echo-alice", "echo-bob"), null);
		owner.grant("team", "role:MEMBER");
		owner.block("user:bob", List.of("tool:echo.delete_item", "tool:team__get_item"));
		owner.collapseThreshold(10_000);
		return org;
	}

	/**
	 * Every tool some caller sees, with the schema it is advertised with, by name; and
	 * the names each caller sees.
	 */
	private Map<String, JsonNode> visibleTools(String org, Map<String, Set<String>> visible) {
		Map<String, JsonNode> tools = new TreeMap<>();
		for (Map.Entry<String, String[]> caller : CALLERS.entrySet()) {
			Set<String> names = new TreeSet<>();
			wire(org, caller.getValue()).result("tools/list", null).path("tools").forEach((tool) -> {
				names.add(tool.path("name").asText());
				tools.putIfAbsent(tool.path("name").asText(), tool.path("inputSchema"));
			});
			visible.put(caller.getKey(), names);
		}
		assertThat(visible.get("auditor")).as("an auditor has no tool:execute").isEmpty();
		assertThat(tools).containsKeys("quiver__members__invite", "quiver__connections__list", "echo-ada__get_item",
				"echo-alice__create_item", "echo-bob__get_item", "team__get_item");
		assertThat(tools).doesNotContainKey("echo-bob__delete_item");
		assertThat(wire(org, CALLERS.get("member-restricted")).result("tools/list", null).toString())
			.doesNotContain("team__get_item");
		return tools;
	}

	private McpWire wire(String org, String[] caller) {
		String token = (caller[1] != null) ? this.organizations.token(org, caller[0], caller[1])
				: this.organizations.token(org, caller[0]);
		return new McpWire(baseUrl(), token);
	}

	/**
	 * The organisation's tool-call trail, oldest first, one entry per call: of a write
	 * that ran, its outcome entry, which says how it ended (its attempt entry before it
	 * is left out, R10.7).
	 */
	private List<JsonNode> trail(String org) {
		Rest owner = rest(org, "owner");
		List<JsonNode> entries = new ArrayList<>();
		String cursor = null;
		do {
			JsonNode page = owner.get("/api/v1/audit?limit=500" + ((cursor != null) ? "&cursor=" + cursor : "")).json();
			page.path("entries").forEach(entries::add);
			cursor = page.hasNonNull("nextCursor") ? page.get("nextCursor").asText() : null;
		}
		while (cursor != null);
		entries.sort((a, b) -> Long.compare(a.path("seq").asLong(), b.path("seq").asLong()));
		entries.removeIf((entry) -> entry.path("phase").asText().equals("attempt"));
		return entries;
	}

	/** The answer with what legitimately differs between the two organisations masked. */
	private static String normalize(JsonNode result, String org) {
		String text = result.toString().replace(org, "ORG");
		text = UUID.matcher(text).replaceAll("UUID");
		text = SHORT_ID.matcher(text).replaceAll("$1-ID");
		text = INSTANT.matcher(text).replaceAll("INSTANT");
		text = HASH.matcher(text).replaceAll("HASH");
		text = DURATION.matcher(text).replaceAll("$1:0");
		text = SIGNATURE.matcher(text).replaceAll("$1:SIGNATURE");
		// quiver__audit__list shows each organisation its own trail, and in one of them
		// the
		// earlier calls went through execute_tool.
		return VIA_EXECUTE_TOOL.matcher(text).replaceAll("$1:false");
	}

	/** Every required property filled with a value of its schema. */
	static ObjectNode validArguments(JsonNode schema) {
		ObjectNode arguments = JSON.createObjectNode();
		JsonNode properties = schema.path("properties");
		for (JsonNode required : schema.path("required")) {
			String name = required.asText();
			arguments.set(name, value(name, properties.path(name)));
		}
		return arguments;
	}

	/**
	 * The valid arguments with the first property (by name) given a value of the wrong
	 * type, or an undeclared property when there is none.
	 */
	static ObjectNode invalidArguments(JsonNode schema) {
		ObjectNode arguments = validArguments(schema);
		TreeSet<String> names = new TreeSet<>();
		schema.path("properties").fieldNames().forEachRemaining(names::add);
		if (names.isEmpty()) {
			arguments.put("undeclared", 1);
			return arguments;
		}
		String name = names.first();
		JsonNode property = schema.path("properties").path(name);
		switch (property.path("type").asText()) {
			case "string" -> arguments.put(name, 12345);
			case "integer", "number" -> arguments.put(name, "not a number");
			default -> arguments.put(name, "not a " + property.path("type").asText("value"));
		}
		return arguments;
	}

	private static JsonNode value(String name, JsonNode property) {
		if (property.has("enum") && !property.get("enum").isEmpty()) {
			return property.get("enum").get(0);
		}
		return switch (property.path("type").asText()) {
			case "integer", "number" -> JSON.getNodeFactory().numberNode(property.path("minimum").asInt(1));
			case "boolean" -> JSON.getNodeFactory().booleanNode(false);
			case "array" -> {
				ArrayNode array = JSON.createArrayNode();
				array.add(value(name, property.path("items")));
				yield array;
			}
			case "object" -> validArguments(property);
			default -> JSON.getNodeFactory().textNode("zz-" + name);
		};
	}

}
