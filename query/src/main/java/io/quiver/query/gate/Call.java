package io.quiver.query.gate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.gate.ToolSurface.Reach;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.ConnectedTools;
import io.quiver.query.toolindex.api.PolicySnapshot;

/**
 * One {@code tools/call} as its steps see it (SPEC R7.1), on one snapshot of the policy
 * state: what was asked, and what the steps so far resolved (the unwrapped name, the
 * tool, the account, the merged arguments). Also a probe: one tool of a caller's surface,
 * decided by the endpoint, tool and connection steps alone ({@link ToolSurface}).
 * <p>
 * Each connection step runs at most once per connection of the call: the verdicts are
 * kept, so choosing among a merged tool's accounts and then deciding on the chosen one do
 * not decide twice.
 * <p>
 * A {@code resources/read} of a link a connected tool returned (R12.8) is a call too, run
 * through the same steps: its name is the link's tool, its account the link's connection,
 * and it carries no arguments of its caller, so the steps that decide on arguments allow
 * it by their own rule ({@link #read()}).
 */
public final class Call {

	/** The requested name of a resource read (R12.8), as the trail records it. */
	public static final String RESOURCE_READ = "resources/read";

	private final PolicySnapshot policy;

	private final Caller caller;

	private final boolean probe;

	private final List<CallStep> connectionSteps;

	private final Supplier<CallerSurface> surfaceSource;

	private final Function<String, JsonNode> localSchemas;

	private final boolean read;

	private final Link link;

	private final Map<String, Verdict> connectionVerdicts = new HashMap<>();

	private CallerSurface surface;

	private String name;

	private ObjectNode arguments;

	private boolean viaExecuteTool;

	private boolean search;

	private ControlPlaneOperation operation;

	private ConnectedTool tool;

	private ConnectedTool advertised;

	private String connectionId;

	private JsonNode schema;

	private ConnectorDefinition connector;

	private ObjectNode merged;

	private Call(PolicySnapshot policy, Caller caller, boolean probe, CallSteps steps,
			Supplier<CallerSurface> surfaceSource, Function<String, JsonNode> localSchemas, String name,
			ObjectNode arguments, boolean read, Link link) {
		this.policy = policy;
		this.caller = caller;
		this.probe = probe;
		this.read = read;
		this.link = link;
		this.connectionSteps = steps.of(CallStep.Extent.CONNECTION);
		this.surfaceSource = surfaceSource;
		this.localSchemas = localSchemas;
		this.name = name;
		this.arguments = arguments;
	}

	/**
	 * A call as it arrived.
	 * @param surface the caller's surface on this snapshot, computed when a step first
	 * needs it (the collapse, an unknown name) and then kept
	 * @param localSchemas the input schema of a tool Quiver serves itself (control plane,
	 * meta-tools), by name
	 */
	public static Call of(PolicySnapshot policy, Caller caller, String name, ObjectNode arguments, CallSteps steps,
			Supplier<CallerSurface> surface, Function<String, JsonNode> localSchemas) {
		return new Call(policy, caller, false, steps, surface, localSchemas, name, arguments, false, null);
	}

	/**
	 * A {@code resources/read} of a resource link (R12.8), named {@link #RESOURCE_READ}
	 * until the name step resolves the link's tool. It never needs the caller's surface:
	 * its name is no meta-tool, and a link that names no tool is answered without one.
	 * @param link the tool and connection the link names; null when the URI is no link
	 * Quiver gave this caller
	 */
	public static Call read(PolicySnapshot policy, Caller caller, CallSteps steps, Link link) {
		return new Call(policy, caller, false, steps, () -> {
			throw new IllegalStateException("a resource read has no surface to decide on");
		}, null, RESOURCE_READ, JsonNodeFactory.instance.objectNode(), true, link);
	}

	/** A probe of the caller's surface: no name, no arguments. */
	static Call probe(PolicySnapshot policy, Caller caller, CallSteps steps) {
		return new Call(policy, caller, true, steps, null, null, null, JsonNodeFactory.instance.objectNode(), false,
				null);
	}

	Call forOperation(ControlPlaneOperation operation) {
		this.operation = operation;
		this.name = operation.toolName();
		return this;
	}

	Call forTool(ConnectedTool tool) {
		this.tool = tool;
		this.name = tool.name();
		return this;
	}

	/**
	 * The step's verdict on this call; a connection step decides on the chosen connection
	 * (once), and allows a call that has none.
	 */
	Verdict check(CallStep step) {
		if (step.extent() != CallStep.Extent.CONNECTION) {
			return step.apply(this);
		}
		return (this.connectionId != null) ? onConnection(step, this.connectionId) : Verdict.allow(Gate.GRANT);
	}

	/** Every connection step on one connection, in order: allow, or the first denial. */
	Verdict onConnection(String connectionId) {
		Verdict verdict = null;
		for (CallStep step : this.connectionSteps) {
			verdict = onConnection(step, connectionId);
			if (verdict.denied()) {
				return verdict;
			}
		}
		return (verdict != null) ? verdict : Verdict.allow(Gate.RESTRICTION);
	}

	private Verdict onConnection(CallStep step, String connectionId) {
		String key = step.name() + '\u0000' + connectionId;
		Verdict known = this.connectionVerdicts.get(key);
		if (known == null) {
			known = step.apply(this, connectionId);
			this.connectionVerdicts.put(key, known);
		}
		return known;
	}

	/**
	 * The connected tool narrowed to the connections the connection steps let through, or
	 * the first denial (R5.4, R8.8).
	 */
	Reach reach() {
		List<String> reachable = new ArrayList<>();
		Verdict firstDenial = null;
		for (String id : this.tool.connectionIds()) {
			Verdict verdict = onConnection(id);
			if (verdict.allowed()) {
				reachable.add(id);
			}
			else if (firstDenial == null) {
				firstDenial = verdict;
			}
		}
		if (reachable.isEmpty()) {
			return new Reach(this.tool, firstDenial);
		}
		return new Reach(ConnectedTools.narrowedTo(this.tool, reachable), Verdict.allow(Gate.RESTRICTION));
	}

	public PolicySnapshot policy() {
		return this.policy;
	}

	public Caller caller() {
		return this.caller;
	}

	/** Whether this is a probe of the surface rather than a call. */
	public boolean probe() {
		return this.probe;
	}

	/** The caller's surface, computed once. */
	public CallerSurface surface() {
		if (this.surface == null) {
			this.surface = this.surfaceSource.get();
		}
		return this.surface;
	}

	/**
	 * The name being resolved: for {@code execute_tool}, once unwrapped, the inner one.
	 */
	public String name() {
		return this.name;
	}

	public ObjectNode arguments() {
		return this.arguments;
	}

	public boolean viaExecuteTool() {
		return this.viaExecuteTool;
	}

	/**
	 * Whether this is a {@code resources/read} of a resource link (R12.8): no arguments
	 * of its caller, the link's tool on the link's connection.
	 */
	public boolean read() {
		return this.read;
	}

	/** What the resource link of a read names; null for a call, or a URI that is none. */
	Link link() {
		return this.link;
	}

	/** Whether the call is {@code search_tools}. */
	public boolean search() {
		return this.search;
	}

	/** The control-plane operation the name resolved to, or null. */
	public ControlPlaneOperation operation() {
		return this.operation;
	}

	/** The connected tool the name resolved to, or null. */
	public ConnectedTool tool() {
		return this.tool;
	}

	/**
	 * The connected tool as the caller was shown it: narrowed to its reachable accounts.
	 */
	public ConnectedTool advertised() {
		return this.advertised;
	}

	/** The connection a connected call uses, once chosen. */
	public String connectionId() {
		return this.connectionId;
	}

	/** The schema the arguments are validated against, once known. */
	public JsonNode schema() {
		return this.schema;
	}

	public ConnectorDefinition connector() {
		return this.connector;
	}

	/** What a connected call sends upstream: defaults, arguments, frozen values. */
	public ObjectNode mergedArguments() {
		return this.merged;
	}

	JsonNode localSchema(String toolName) {
		return this.localSchemas.apply(toolName);
	}

	void searchTools() {
		this.search = true;
		this.schema = localSchema(this.name);
	}

	void unwrap(String inner, ObjectNode innerArguments) {
		this.viaExecuteTool = true;
		this.name = inner;
		this.arguments = innerArguments;
	}

	void resolved(ControlPlaneOperation operation) {
		this.operation = operation;
		this.schema = localSchema(operation.toolName());
	}

	void resolved(ConnectedTool tool) {
		this.tool = tool;
		this.name = tool.name();
	}

	void chosen(String connectionId, ConnectedTool advertised) {
		this.connectionId = connectionId;
		this.advertised = advertised;
		this.schema = advertised.inputSchema();
	}

	/** A read's account: the link's connection, nothing to validate its arguments on. */
	void chosenByLink() {
		this.connectionId = this.link.connectionId();
		this.advertised = this.tool;
	}

	void merged(ConnectorDefinition connector, ObjectNode merged) {
		this.connector = connector;
		this.merged = merged;
	}

	/**
	 * What a resource link names (R12.8): the connected tool that returned it, by key,
	 * and the connection it was returned on.
	 */
	public record Link(String toolKey, String connectionId) {
	}

}
