package io.quiver.edge.call;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.quiver.command.member.api.Role;
import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The issue "One gate pipeline", measured end to end (SPEC R2.3, R3, R5, R7.1, R7.5, R8,
 * R10.1). Every cell of
 * <ul>
 * <li>6 roles × 5 scope sets × 4 classifications × 5 restriction layers = 600 cells</li>
 * </ul>
 * is checked through a real MCP client for: the advertised set and its count (a surface
 * that is never collapsed), the advertised set of a collapsed surface, the search
 * results, the outcome of a direct call on both surfaces and of the same call through
 * {@code execute_tool}: allowed, or denied in band by the gate the SPEC names. The audit
 * trail is then read back and every entry's gate and decision compared with the
 * expectation, and the entry of each direct call with the entry of its
 * {@code execute_tool} twin.
 * <p>
 * The expectation is computed here from the SPEC, not from the code under test: R2.3
 * ({@code tool:execute} for OWNER, ADMIN and MEMBER only), R2.4/R13 (which control-plane
 * operations a role reaches), R3.2–R3.3 (the ladder and {@code mcp:tools}), R8 (the five
 * layers below), R5.3 (collapse) and R7.3 (a meta-tool on a surface that is not collapsed
 * answers the stale-list error: the only cells where a direct call and its
 * {@code execute_tool} twin legitimately differ).
 */
class GateMatrixIntegrationTest extends QuiverIntegrationTest {

	/** R2.3: the roles that hold {@code tool:execute}. */
	private static final Set<Role> EXECUTING_ROLES = EnumSet.of(Role.OWNER, Role.ADMIN, Role.MEMBER);

	/** R13, restated: every control-plane operation and its classification. */
	private static final Map<String, Tool.Rung> CONTROL_PLANE = controlPlane();

	/**
	 * R2.4: "A MEMBER creates and manages its own connections and reads the catalog and
	 * its own grants"; reading the organisation's settings is the documented choice where
	 * the SPEC is silent, and so is seeing and revoking the AI clients one connected
	 * (R14.3). OWNER and ADMIN reach every operation; the other roles none over MCP
	 * (R2.3).
	 */
	private static final Set<String> MEMBER_OPERATIONS = Set.of("quiver__connections__list", "quiver__connections__get",
			"quiver__connections__create", "quiver__connections__relabel", "quiver__connections__refresh",
			"quiver__connections__revoke_grant", "quiver__connections__delete", "quiver__catalog__browse",
			"quiver__catalog__get", "quiver__toolboxes__list", "quiver__toolboxes__get", "quiver__org__get",
			"quiver__clients__list", "quiver__clients__revoke");

	private FakeUpstream upstream;

	@BeforeEach
	void startUpstream() {
		this.upstream = FakeUpstream.start();
	}

	@AfterEach
	void stopUpstream() {
		this.upstream.close();
	}

	@Test
	void everyCellAnswersTheSameDirectlyAndThroughExecuteTool() {
		long started = System.nanoTime();
		SoftAssertions softly = new SoftAssertions();
		Map<String, List<Expected>> trail = new LinkedHashMap<>();
		int executions = 0;
		int cells = 0;
		for (Layer layer : Layer.values()) {
			String listed = organisation(layer, 10_000);
			String collapsed = organisation(layer, 0);
			for (Role role : Role.values()) {
				for (ScopeSet scopes : ScopeSet.values()) {
					executions += listedSurface(softly, trail, listed, layer, role, scopes);
					executions += collapsedSurface(softly, trail, collapsed, layer, role, scopes);
					cells += Tool.values().length;
				}
			}
		}
		long called = System.nanoTime();
		trail.forEach((org, expected) -> compareTrail(softly, org, expected));
		softly.assertThat(this.upstream.received())
			.as("only allowed calls reach the upstream, once per allowed call")
			.hasSize(executions);
		softly.assertAll();
		assertThat(cells).isEqualTo(600);
		System.out.printf("Gate matrix: %d cells, %d upstream executions, calls %d ms, audit comparison %d ms%n", cells,
				executions, (called - started) / 1_000_000, (System.nanoTime() - called) / 1_000_000);
	}

	/**
	 * A surface that never collapses: the advertised set and count, then each tool called
	 * directly.
	 */
	private int listedSurface(SoftAssertions softly, Map<String, List<Expected>> trail, String org, Layer layer,
			Role role, ScopeSet scopes) {
		String cell = layer + " " + role + " " + scopes;
		Set<String> visible = visibleConnected(layer, role, scopes);
		Set<String> expectedNames = new TreeSet<>(controlPlaneFor(role, scopes));
		expectedNames.addAll(visible);
		int executions = 0;
		try (Mcp client = mcp(org, subject(role), scopes.wire)) {
			List<String> names = client.toolNames();
			softly.assertThat(new TreeSet<>(names)).as("advertised set, " + cell).isEqualTo(expectedNames);
			softly.assertThat(names).as("count, " + cell).hasSize(expectedNames.size());
			for (Tool tool : Tool.values()) {
				String gate = expectedGate(layer, role, scopes, tool);
				Mcp.Result direct = client.call(tool.advertised, tool.arguments);
				assertOutcome(softly, cell + " " + tool + " direct (listed)", direct, gate, scopes, tool);
				record(trail, org, role, tool.advertised, false, gate);
				executions += (gate == null) ? 1 : 0;
			}
		}
		return executions;
	}

	/**
	 * A surface collapsed whenever a connected tool is visible (threshold 0): the
	 * advertised set, then per tool a search, a direct call and an {@code execute_tool}
	 * call.
	 */
	private int collapsedSurface(SoftAssertions softly, Map<String, List<Expected>> trail, String org, Layer layer,
			Role role, ScopeSet scopes) {
		String cell = layer + " " + role + " " + scopes;
		Set<String> visible = visibleConnected(layer, role, scopes);
		boolean executing = EXECUTING_ROLES.contains(role);
		boolean isCollapsed = !visible.isEmpty();
		Set<String> expectedNames = new TreeSet<>(controlPlaneFor(role, scopes));
		if (isCollapsed) {
			expectedNames.add("search_tools");
			expectedNames.add("execute_tool");
		}
		String metaGate = !executing ? "tool-execute" : !isCollapsed ? "collapse" : null;
		int executions = 0;
		try (Mcp client = mcp(org, subject(role), scopes.wire)) {
			softly.assertThat(new TreeSet<>(client.toolNames()))
				.as("collapsed advertised set, " + cell)
				.isEqualTo(expectedNames);
			for (Tool tool : Tool.values()) {
				String gate = expectedGate(layer, role, scopes, tool);
				String where = cell + " " + tool;

				Mcp.Result search = client.call("search_tools", Map.of("query", tool.advertised, "limit", 50));
				if (metaGate != null) {
					assertDenied(softly, where + " search", search, metaGate);
				}
				else {
					softly.assertThat(search.isError()).as("search answers, " + where + ": " + search.text()).isFalse();
					List<String> found = new ArrayList<>();
					JsonNode answer = (search.structured() != null) ? search.structured() : NullNode.getInstance();
					answer.path("results").forEach((row) -> found.add(row.path("name").asText()));
					softly.assertThat(visible).as("search results are visible tools, " + where).containsAll(found);
					if (gate == null) {
						softly.assertThat(found).as("search finds a visible tool, " + where).contains(tool.advertised);
					}
				}
				record(trail, org, role, "search_tools", false, metaGate);

				Mcp.Result direct = client.call(tool.advertised, tool.arguments);
				assertOutcome(softly, where + " direct (collapsed)", direct, gate, scopes, tool);
				record(trail, org, role, tool.advertised, false, gate);

				Mcp.Result viaExecute = client.execute(tool.advertised, tool.arguments);
				if (metaGate != null) {
					assertDenied(softly, where + " execute_tool", viaExecute, metaGate);
					record(trail, org, role, "execute_tool", false, metaGate);
				}
				else {
					assertOutcome(softly, where + " execute_tool", viaExecute, gate, scopes, tool);
					softly.assertThat(viaExecute.text()).as("same answer both ways, " + where).isEqualTo(direct.text());
					record(trail, org, role, tool.advertised, true, gate);
				}
				executions += (gate == null) ? ((metaGate == null) ? 2 : 1) : 0;
			}
		}
		return executions;
	}

	// ---- the expectation, from the SPEC

	/** The gate that denies the call, or null when it is allowed (R7.1 order). */
	static String expectedGate(Layer layer, Role role, ScopeSet scopes, Tool tool) {
		if (!EXECUTING_ROLES.contains(role)) {
			return "tool-execute";
		}
		// access: the toolbox is granted to every role
		if (tool.rung == Tool.Rung.FORBIDDEN || !scopes.tools || scopes.rung.ordinal() < tool.rung.ordinal()) {
			return "scope";
		}
		return layer.reaches.contains(tool) ? null : "restriction";
	}

	static Set<String> visibleConnected(Layer layer, Role role, ScopeSet scopes) {
		Set<String> visible = new TreeSet<>();
		for (Tool tool : Tool.values()) {
			if (expectedGate(layer, role, scopes, tool) == null) {
				visible.add(tool.advertised);
			}
		}
		return visible;
	}

	static Set<String> controlPlaneFor(Role role, ScopeSet scopes) {
		Set<String> names = new TreeSet<>();
		if (!EXECUTING_ROLES.contains(role)) {
			return names;
		}
		CONTROL_PLANE.forEach((name, rung) -> {
			boolean held = role != Role.MEMBER || MEMBER_OPERATIONS.contains(name);
			if (held && scopes.rung.ordinal() >= rung.ordinal()) {
				names.add(name);
			}
		});
		return names;
	}

	private static void assertOutcome(SoftAssertions softly, String where, Mcp.Result result, String gate,
			ScopeSet scopes, Tool tool) {
		if (gate == null) {
			softly.assertThat(result.isError()).as("allowed, " + where + ": " + result.text()).isFalse();
			softly.assertThat(result.structured()).as("upstream answer, " + where).isNotNull();
			if (result.structured() != null) {
				softly.assertThat(result.structured().path("method").asText())
					.as("method, " + where)
					.isEqualTo(tool.method);
			}
			return;
		}
		assertDenied(softly, where, result, gate);
		if (gate.equals("scope")) {
			// R3.4: the error names the scope that is missing
			String missing = (tool.rung == Tool.Rung.FORBIDDEN) ? "forbidden"
					: !scopes.tools ? "mcp:tools" : tool.rung.scope;
			softly.assertThat(result.text()).as("names what is missing, " + where).contains(missing);
		}
	}

	private static void assertDenied(SoftAssertions softly, String where, Mcp.Result result, String gate) {
		softly.assertThat(result.isError()).as("in-band denial, " + where).isTrue();
		softly.assertThat(result.text()).as("names the gate, " + where).contains("Denied by the " + gate + " gate");
		if (gate.equals("tool-execute")) {
			softly.assertThat(result.text()).as("names the permission, " + where).contains("tool:execute");
		}
	}

	// ---- the audit trail

	private static void record(Map<String, List<Expected>> trail, String org, Role role, String requestedName,
			boolean viaExecuteTool, String gate) {
		trail.computeIfAbsent(org, (key) -> new ArrayList<>())
			.add(new Expected(subject(role), requestedName, viaExecuteTool, gate));
	}

	/**
	 * Every call left one entry (R10.1), in call order, with the expected gate and
	 * decision; a direct call and its {@code execute_tool} twin left the same decision on
	 * the same tool.
	 */
	private void compareTrail(SoftAssertions softly, String org, List<Expected> expected) {
		List<JsonNode> entries = auditTrail(org);
		softly.assertThat(entries).as("one audit entry per call in " + org).hasSize(expected.size());
		Map<String, JsonNode> lastDirect = new HashMap<>();
		for (int i = 0; i < Math.min(entries.size(), expected.size()); i++) {
			JsonNode entry = entries.get(i);
			Expected call = expected.get(i);
			String where = org + " #" + i + " " + call;
			softly.assertThat(entry.path("subject").asText()).as("member, " + where).isEqualTo(call.subject());
			softly.assertThat(entry.path("requestedName").asText())
				.as("requested, " + where)
				.isEqualTo(call.requestedName());
			softly.assertThat(entry.path("viaExecuteTool").asBoolean())
				.as("via, " + where)
				.isEqualTo(call.viaExecuteTool());
			softly.assertThat(entry.path("gate").isTextual() ? entry.path("gate").asText() : null)
				.as("gate, " + where)
				.isEqualTo(call.gate());
			softly.assertThat(entry.path("decision").asText())
				.as("decision, " + where)
				.isEqualTo((call.gate() == null) ? "allowed" : "denied");
			String key = call.subject() + " " + call.requestedName();
			if (call.viaExecuteTool()) {
				JsonNode direct = lastDirect.get(key);
				softly.assertThat(direct).as("a direct twin, " + where).isNotNull();
				if (direct != null) {
					for (String field : List.of("resolvedTool", "operation", "classification", "gate", "decision",
							"outcome", "errorCode", "connectionId", "account", "argumentNames")) {
						softly.assertThat(entry.path(field))
							.as(field + " as the direct call, " + where)
							.isEqualTo(direct.path(field));
					}
				}
			}
			else if (!call.requestedName().equals("search_tools")) {
				lastDirect.put(key, entry);
			}
		}
	}

	/**
	 * The organisation's tool-call trail, oldest first, one entry per call: of a write
	 * that ran, its outcome entry (its attempt entry before it is left out, R10.7).
	 */
	private List<JsonNode> auditTrail(String org) {
		Rest owner = rest(org, "owner");
		List<JsonNode> newestFirst = new ArrayList<>();
		String cursor = null;
		do {
			Rest.Response page = owner.get("/api/v1/audit?limit=500" + ((cursor != null) ? "&cursor=" + cursor : ""));
			assertThat(page.status()).as(page.body()).isEqualTo(200);
			page.json().path("entries").forEach(newestFirst::add);
			cursor = page.json().path("nextCursor").isTextual() ? page.json().path("nextCursor").asText() : null;
		}
		while (cursor != null);
		List<JsonNode> oldestFirst = new ArrayList<>(newestFirst);
		java.util.Collections.reverse(oldestFirst);
		oldestFirst.removeIf((entry) -> entry.path("phase").asText().equals("attempt"));
		return oldestFirst;
	}

	// ---- the organisations

	/**
	 * An organisation whose OWNER {@code owner} keeps an echo connection and a GitHub
	 * connection; toolbox {@code box} holds one entry per classification and is granted
	 * to every role; one member per role; the layer's restrictions.
	 */
	private String organisation(Layer layer, int collapseThreshold) {
		String org = this.organizations.create("gm-" + layer.name().toLowerCase(Locale.ROOT).replace('_', '-'));
		Rest owner = rest(org, "owner");
		expect(owner.patch("/api/v1/org/settings", Map.of("collapseThreshold", collapseThreshold)), 200);
		expect(owner.post("/api/v1/catalog", Map.of("id", "echo", "label", "Echo", "kind", "http", "openapi",
				this.upstream.openApi(), "allowPrivateNetwork", true)), 201);
		expect(owner.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-keeper", "credential",
				Map.of("type", "bearer", "token", "matrix-secret-token"))), 201);
		// GitHub connects by OAuth; a pasted token connects it without a flow
		expect(owner.post("/api/v1/connections", Map.of("connector", "github", "label", "gh-keeper", "credential",
				Map.of("type", "bearer", "token", "matrix-github-token"))), 201);
		expect(owner.post("/api/v1/toolboxes", Map.of("name", "box")), 201);
		for (Tool tool : Tool.values()) {
			String connection = tool.operation.startsWith("github.") ? "gh-keeper" : "echo-keeper";
			expect(owner.post("/api/v1/toolboxes/box/entries",
					Map.of("operation", tool.operation, "connections", List.of(connection))), 201);
		}
		for (Role role : Role.values()) {
			expect(owner.post("/api/v1/toolboxes/box/grants", Map.of("target", "role:" + role)), 200);
			expect(owner.post("/api/v1/members", Map.of("subject", subject(role), "role", role.name())), 201);
		}
		for (Role role : Role.values()) {
			layer.restrict(owner, role);
		}
		return org;
	}

	private static void expect(Rest.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
	}

	static String subject(Role role) {
		return "as-" + role.name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	private static Map<String, Tool.Rung> controlPlane() {
		Map<String, Tool.Rung> table = new LinkedHashMap<>();
		String r13 = """
				members: list read, get read, invite write, change_role write, suspend write, reinstate write, remove destructive
				connections: list read, get read, create write, relabel write, refresh write, revoke_grant write, delete destructive
				toolboxes: list read, get read, create write, add_entry write, update_entry write, remove_entry write, grant write, revoke write, delete destructive
				restrictions: list read, get read, create write, update write, delete destructive, history read, effective read, explain read
				catalog: browse read, get read, register write, unregister destructive, set_oauth_client write
				audit: list read, verify read, checkpoint read, prove read
				org: get read, update_settings write
				clients: list read, revoke destructive
				""";
		r13.lines().forEach((line) -> {
			String resource = line.substring(0, line.indexOf(':'));
			for (String operation : line.substring(line.indexOf(':') + 1).split(",")) {
				String[] parts = operation.strip().split(" ");
				table.put("quiver__" + resource + "__" + parts[0],
						Tool.Rung.valueOf(parts[1].toUpperCase(Locale.ROOT)));
			}
		});
		return table;
	}

	/** One expected audit entry. */
	record Expected(String subject, String requestedName, boolean viaExecuteTool, String gate) {
	}

	/** The toolbox entries under test, one per classification (R3.1). */
	enum Tool {

		READ("box__get_item", "echo.get_item", Rung.READ, "GET", Map.of("id", "7")),
		WRITE("box__create_item", "echo.create_item", Rung.WRITE, "POST", Map.of("title", "t")),
		DESTRUCTIVE("box__delete_item", "echo.delete_item", Rung.DESTRUCTIVE, "DELETE", Map.of("id", "7")),
		FORBIDDEN("box__delete_repository", "github.delete_repository", Rung.FORBIDDEN, "DELETE",
				Map.of("owner", "o", "repo", "r"));

		final String advertised;

		final String operation;

		final Rung rung;

		final String method;

		final Map<String, Object> arguments;

		Tool(String advertised, String operation, Rung rung, String method, Map<String, Object> arguments) {
			this.advertised = advertised;
			this.operation = operation;
			this.rung = rung;
			this.method = method;
			this.arguments = arguments;
		}

		/** R3.2: the ladder, and the scope that reaches each rung. */
		enum Rung {

			NONE(null), READ("mcp:read"), WRITE("mcp:write"), DESTRUCTIVE("mcp:destructive"), FORBIDDEN(null);

			final String scope;

			Rung(String scope) {
				this.scope = scope;
			}

		}

	}

	/** Scope sets of a token (R3.2, R3.3). */
	enum ScopeSet {

		READ("mcp:read", Tool.Rung.READ, false), READ_TOOLS("mcp:read mcp:tools", Tool.Rung.READ, true),
		WRITE_TOOLS("mcp:write mcp:tools", Tool.Rung.WRITE, true),
		DESTRUCTIVE_TOOLS("mcp:destructive mcp:tools", Tool.Rung.DESTRUCTIVE, true),
		DESTRUCTIVE_WITHOUT_TOOLS("mcp:destructive", Tool.Rung.DESTRUCTIVE, false);

		final String wire;

		final Tool.Rung rung;

		final boolean tools;

		ScopeSet(String wire, Tool.Rung rung, boolean tools) {
			this.wire = wire;
			this.rung = rung;
			this.tools = tools;
		}

	}

	/**
	 * Restriction layers (R8), written for every role (and, for the override, every
	 * member), and which of the echo tools each leaves reachable.
	 */
	enum Layer {

		/** R8.2: no rule, everything. */
		NONE(EnumSet.of(Tool.READ, Tool.WRITE, Tool.DESTRUCTIVE)),
		/** R8.5, R8.6: an allowlist of two operations, matched by pin. */
		ROLE_ALLOWLIST(EnumSet.of(Tool.READ, Tool.DESTRUCTIVE)),
		/** R8.6: a block by advertised name. */
		ROLE_BLOCK(EnumSet.of(Tool.READ, Tool.WRITE)),
		/**
		 * R8.3: the role allows only the read tool; the user's own rule, a block of it,
		 * replaces the role's rules outright.
		 */
		USER_OVERRIDE(EnumSet.of(Tool.WRITE, Tool.DESTRUCTIVE)),
		/** R8.5: an allow rule naming nothing denies everything. */
		EMPTY_ALLOW(EnumSet.noneOf(Tool.class));

		final Set<Tool> reaches;

		Layer(Set<Tool> reaches) {
			this.reaches = reaches;
		}

		void restrict(Rest owner, Role role) {
			String target = "role:" + role;
			switch (this) {
				case NONE -> {
				}
				case ROLE_ALLOWLIST -> create(owner,
						Map.of("target", target, "allow", List.of("tool:echo.get_item", "tool:echo.delete_item")));
				case ROLE_BLOCK -> create(owner, Map.of("target", target, "block", List.of("tool:box__delete_item")));
				case USER_OVERRIDE -> {
					create(owner, Map.of("target", target, "allow", List.of("tool:echo.get_item")));
					create(owner, Map.of("target", "user:" + subject(role), "block", List.of("tool:echo.get_item")));
				}
				case EMPTY_ALLOW -> create(owner, Map.of("target", target, "allow", List.of()));
			}
		}

		private static void create(Rest owner, Map<String, Object> restriction) {
			expect(owner.post("/api/v1/restrictions", restriction), 201);
		}

	}

}
