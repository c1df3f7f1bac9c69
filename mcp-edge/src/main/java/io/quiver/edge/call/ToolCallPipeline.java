package io.quiver.edge.call;

import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.Classification;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.edge.telemetry.CallTelemetry;
import io.quiver.edge.telemetry.Stage;
import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneTools;
import io.quiver.edge.upstream.CallRelay;
import io.quiver.edge.upstream.ToolExecutor;
import io.quiver.edge.upstream.UpstreamCall;
import io.quiver.edge.upstream.UpstreamResult;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.audit.api.AuditEntry;
import io.quiver.query.audit.api.AuditWriter;
import io.quiver.query.audit.api.ToolCallRecord;
import io.quiver.query.gate.Call;
import io.quiver.query.gate.CallSteps;
import io.quiver.query.gate.ToolSurface;
import io.quiver.query.gate.api.InBandErrors;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.support.CallerText;
import io.quiver.query.support.DatabaseFailures;
import io.quiver.query.support.Failures;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.PolicyStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The one path of every {@code tools/call}, direct or through {@code execute_tool} (SPEC
 * R5.5, R7.1), and of every {@code resources/read} of a link such a call returned
 * (R12.8). Gates run in R7.1 order, top to bottom; the first denial answers in band and
 * names its gate (R7.5); the pipeline decides nothing itself: the steps are
 * {@link CallSteps}, one ordered list shared with {@link ToolSurface}. Decisions are
 * taken on one consistent, current snapshot of the policy state (R9), released before
 * anything slow runs. Every attempt, whatever its outcome, is in the audit trail before
 * its answer is returned (R10.1); a connected write or destructive call is in it before
 * it reaches its upstream, too (R10.7: an attempt entry first, then the outcome entry
 * that settles it).
 */
@Component
public class ToolCallPipeline {

	private static final Logger log = LoggerFactory.getLogger(ToolCallPipeline.class);

	private static final long AUDIT_TIMEOUT_SECONDS = 30;

	private final PolicyStore policies;

	private final CallSteps steps;

	private final ToolSurface surface;

	private final ControlPlaneTools controlPlane;

	private final ToolExecutor connectedTools;

	private final ResourceLinks links;

	private final AuditWriter audit;

	private final ObjectMapper json;

	private final CallTelemetry telemetry;

	public ToolCallPipeline(PolicyStore policies, CallSteps steps, ToolSurface surface, ControlPlaneTools controlPlane,
			ToolExecutor connectedTools, ResourceLinks links, AuditWriter audit, ObjectMapper json,
			CallTelemetry telemetry) {
		this.policies = policies;
		this.steps = steps;
		this.surface = surface;
		this.controlPlane = controlPlane;
		this.connectedTools = connectedTools;
		this.links = links;
		this.audit = audit;
		this.json = json;
		this.telemetry = telemetry;
	}

	/**
	 * Runs one {@code tools/call} for a caller resolved on this request.
	 * @param arguments the call's arguments (may be null)
	 */
	public ToolResult call(Caller caller, String name, ObjectNode arguments) {
		return call(caller, name, arguments, CallRelay.NONE);
	}

	/**
	 * Runs one {@code tools/call} that relays progress, cancellation and requests of the
	 * upstream between its caller and a connected tool (SPEC R12.7).
	 * @param arguments the call's arguments (may be null)
	 */
	public ToolResult call(Caller caller, String name, ObjectNode arguments, CallRelay relay) {
		Attempt attempt = new Attempt(Instant.now(), caller, name, (arguments != null) ? arguments : emptyObject());
		// a connected tool's resource links open only for this caller, through its gates
		// (R12.8)
		Upstream upstream = new Upstream(this.connectedTools::execute,
				(call, content) -> this.links.seal(caller, call.tool().key(), call.connectionId(), content));
		return audited(attempt,
				() -> decideAndRun(attempt, relay, upstream,
						(policy) -> Call.of(policy, caller, attempt.requestedName(), attempt.arguments(), this.steps,
								() -> this.surface.of(policy, caller), this::localSchema)));
	}

	/**
	 * Runs one {@code resources/read} of a resource link a connected tool returned (SPEC
	 * R12.8): only the caller it was handed to opens it, through the steps of
	 * {@link CallSteps} for that tool on that connection as they stand now (the argument
	 * steps have no arguments to decide on), and the attempt is audited like a call of
	 * the tool, write-ahead included (requested name {@value Call#RESOURCE_READ}, the
	 * tool as the resolved one).
	 * @param uri the link's URI as the caller sent it
	 */
	public ResourceRead read(Caller caller, String uri) {
		Attempt attempt = new Attempt(Instant.now(), caller, Call.RESOURCE_READ, emptyObject());
		ToolResult result = audited(attempt, () -> {
			ResourceLinks.Link link = this.links.open(caller, uri);
			Upstream upstream = new Upstream((call) -> this.connectedTools.readResource(call, link.uri()),
					(call, content) -> this.links.relabel(content, link, uri));
			Call.Link target = (link != null) ? new Call.Link(link.toolKey(), link.connectionId()) : null;
			return decideAndRun(attempt, CallRelay.NONE, upstream,
					(policy) -> Call.read(policy, caller, this.steps, target));
		});
		return ResourceRead.of(result, attempt.denied());
	}

	/**
	 * Runs an attempt, observed, and records it in the audit trail before answering
	 * (R10.1).
	 */
	private ToolResult audited(Attempt attempt, Supplier<ToolResult> body) {
		long started = System.nanoTime();
		try (CallTelemetry.Call observed = this.telemetry.start()) {
			ToolResult result;
			try {
				result = body.get();
			}
			catch (RuntimeException ex) {
				result = failed(attempt, ex);
			}
			attempt.finished(System.nanoTime() - started);
			boolean recorded = this.telemetry.stage(Stage.TRAIL,
					() -> record(attempt, attempt.toRecord(this.telemetry.traceId())) != null);
			observed.finished(attempt.resolvedTool(), attempt.operation(), attempt.classification(),
					recorded ? attempt.outcome() : "trail-unavailable", attempt.gate());
			return recorded ? result : auditUnavailable(attempt);
		}
	}

	/**
	 * Appends an entry and waits until it is committed; null (and logged) if the trail
	 * could not record it.
	 */
	private AuditEntry record(Attempt attempt, ToolCallRecord record) {
		try {
			return this.audit.append(record).get(AUDIT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
		catch (ExecutionException | TimeoutException | CompletionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			log.error("The audit trail refused an entry for {}: {}", CallerText.log(attempt.resolvedTool()),
					cause.getClass().getName());
			return null;
		}
	}

	/**
	 * Write-ahead (SPEC R10.7, R10.8): a connected {@code write} or {@code destructive}
	 * call reaches its upstream only once its attempt entry is committed. Answers whether
	 * it may go; if not, the call is not made, and is recorded (if the trail takes that
	 * entry) as one entry, an error {@code audit-unavailable}.
	 */
	private boolean writeAhead(Attempt attempt, Classification classification) {
		if (classification != Classification.WRITE && classification != Classification.DESTRUCTIVE) {
			return true;
		}
		AuditEntry entry = this.telemetry.stage(Stage.WRITE_AHEAD,
				() -> record(attempt, attempt.toAttemptRecord(this.telemetry.traceId())));
		if (entry == null) {
			return false;
		}
		attempt.attemptRecorded(entry.seq());
		return true;
	}

	/**
	 * What the connected tool a call names (directly or through {@code execute_tool})
	 * asks its client for while it runs, that this request did not declare (2026-07-28:
	 * -32021). Everything else about the name, known or not, is the pipeline's to answer.
	 */
	public Set<String> missingCapabilities(Caller caller, String name, ObjectNode arguments, Set<String> declared) {
		String target = name;
		if (MetaTools.EXECUTE_TOOL.equals(name) && arguments != null && arguments.path("name").isTextual()) {
			target = arguments.path("name").textValue();
		}
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			ConnectedTool tool = (lease != null) ? lease.snapshot().toolByName(target) : null;
			if (tool == null) {
				return Set.of();
			}
			Set<String> missing = new TreeSet<>(tool.operation().clientCapabilities());
			missing.removeAll(declared);
			return missing;
		}
	}

	/** A call that failed unexpectedly: in band, and logged without any message. */
	private static ToolResult failed(Attempt attempt, RuntimeException ex) {
		if (DatabaseFailures.unavailable(ex)) {
			log.warn("tools/call of {} found the database unavailable: {}", CallerText.log(attempt.resolvedTool()),
					ex.getClass().getName());
			attempt.failed("database-unavailable");
			return ToolResult.databaseUnavailable(attempt.executed());
		}
		// the class and frames only, never the message: it could quote an argument value
		// (R10.2, see Failures)
		String incident = Failures.incident();
		log.error("tools/call of {} failed unexpectedly with {} (incident {}):\n{}",
				CallerText.log(attempt.resolvedTool()), ex.getClass().getName(), incident, Failures.trace(ex));
		attempt.failed("internal-error");
		return ToolResult.error(InBandErrors.internalError(incident));
	}

	private ToolResult auditUnavailable(Attempt attempt) {
		return ToolResult.error(InBandErrors.auditUnavailable(attempt.executed()));
	}

	private ToolResult decideAndRun(Attempt attempt, CallRelay relay, Upstream upstream,
			Function<PolicySnapshot, Call> request) {
		Caller caller = attempt.caller();
		Plan plan;
		try (PolicyLease lease = this.telemetry.stage(Stage.CATCH_UP, () -> this.policies.open(caller.orgId()))) {
			PolicySnapshot policy = lease.snapshot();
			plan = this.telemetry.stage(Stage.GATES,
					() -> decide(policy, request.apply(policy), attempt, relay, upstream));
		}
		return plan.run();
	}

	/**
	 * The steps of {@link CallSteps}, in order, on this snapshot; then what the call
	 * runs: the search, a control-plane operation or a connected tool.
	 */
	private Plan decide(PolicySnapshot policy, Call call, Attempt attempt, CallRelay relay, Upstream upstream) {
		Caller caller = call.caller();
		Verdict denial = this.steps.run(call);
		attempt.resolved(call);
		if (denial != null) {
			return denied(attempt, denial);
		}
		if (call.search()) {
			attempt.resolved(call.name(), null, null);
			ObjectNode arguments = call.arguments();
			ToolResult result = ToolSearch.run(policy, call.surface(), arguments.get("query").asText(),
					arguments.hasNonNull("limit") ? arguments.get("limit").asInt() : null);
			this.telemetry.searchAnswered(result.structuredContent().path("results").isEmpty());
			return () -> attempt.succeeded(result);
		}
		if (call.operation() != null) {
			return runControlPlane(caller, attempt, this.controlPlane.tool(call.operation()), call.arguments());
		}
		return runConnected(policy, attempt, call, relay, upstream);
	}

	/** The input schema of a tool Quiver serves itself. */
	private JsonNode localSchema(String name) {
		return MetaTools.isMetaTool(name) ? MetaTools.schema(name)
				: this.controlPlane.tool(ControlPlaneOperation.ofToolName(name)).inputSchema();
	}

	private Plan runControlPlane(Caller caller, Attempt attempt, ControlPlaneTool tool, ObjectNode arguments) {
		return () -> {
			attempt.executing();
			try {
				Object view = tool.invoker().invoke(caller, arguments);
				return attempt.succeeded(ToolResult.structured(structured(view)));
			}
			catch (CommandRejectedException ex) {
				attempt.failed(ex.errorCode().code());
				return ToolResult.error(ex.errorCode().code() + ": " + ex.getMessage());
			}
			catch (IllegalArgumentException ex) {
				attempt.failed("invalid-input");
				return ToolResult.error("invalid-input: " + ex.getMessage());
			}
		};
	}

	/**
	 * A connected call or resource read, once every step allowed it: the write-ahead
	 * entry of a write or destructive tool (R10.7), then the upstream, then the answer.
	 */
	private Plan runConnected(PolicySnapshot policy, Attempt attempt, Call call, CallRelay relay, Upstream upstream) {
		String connectionId = call.connectionId();
		ConnectionView connection = policy.connection(connectionId);
		UpstreamCall request = new UpstreamCall(call.caller().orgId(), call.connector(), call.tool().operation(),
				connectionId, connection.label(), connection.grant(), call.mergedArguments(),
				policy.settings().outbound(), relay);
		return () -> {
			if (!writeAhead(attempt, call.tool().classification())) {
				attempt.failed("audit-unavailable");
				return auditUnavailable(attempt);
			}
			attempt.executing();
			UpstreamResult result = this.telemetry.stage(Stage.UPSTREAM, () -> upstream.send().apply(request));
			return outcome(attempt, request, result, relay, upstream.content().apply(call, result.content()));
		};
	}

	/** What an upstream request came to, recorded on the attempt. */
	private static ToolResult outcome(Attempt attempt, UpstreamCall call, UpstreamResult result, CallRelay relay,
			ArrayNode content) {
		// the grant the call presented, by fingerprint, when it reached the account
		// (R4.5)
		String grant = (result.reachedConnectionId() != null && call.grant() != null) ? call.grant().fingerprint()
				: null;
		attempt.reached(result.reachedConnectionId(), result.reachedAccount(), grant);
		ToolResult answer = new ToolResult(content, result.structuredContent(), result.isError(), null);
		if (result.isError() && relay.cancelled()) {
			attempt.cancelled();
			return answer;
		}
		if (result.isError()) {
			attempt.failed((result.errorCode() != null) ? result.errorCode() : "upstream-error");
			return answer;
		}
		return attempt.succeeded(answer);
	}

	private static Plan denied(Attempt attempt, Verdict verdict) {
		attempt.denied(verdict);
		ToolResult result = ToolResult.error(InBandErrors.denied(verdict));
		return () -> result;
	}

	private ObjectNode structured(Object view) {
		JsonNode node = this.json.valueToTree(view);
		if (node instanceof ObjectNode object) {
			return object;
		}
		ObjectNode wrapper = this.json.createObjectNode();
		wrapper.set("items", node);
		return wrapper;
	}

	private ObjectNode emptyObject() {
		return this.json.createObjectNode();
	}

	/**
	 * How a connected request reaches its upstream (a tool call, a resource read), and
	 * what the content of its answer becomes for the caller.
	 */
	private record Upstream(Function<UpstreamCall, UpstreamResult> send,
			BiFunction<Call, ArrayNode, ArrayNode> content) {
	}

	/** What to do once the decision is taken and the snapshot released. */
	@FunctionalInterface
	private interface Plan {

		ToolResult run();

	}

}
