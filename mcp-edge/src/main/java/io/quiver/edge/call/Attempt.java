package io.quiver.edge.call;

import java.time.Instant;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.audit.api.ToolCallRecord;
import io.quiver.query.gate.ArgumentGate;
import io.quiver.query.gate.Call;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import io.quiver.query.toolindex.api.ConnectedTool;

/**
 * What the audit trail will record of one attempt (SPEC R10.1), filled in as the pipeline
 * goes: the tool actually reached (for {@code execute_tool}, the unwrapped one, marked as
 * such), the deciding gate, the outcome, the connection and account the execution
 * reported reaching, and the argument names and count, never their values (R10.2).
 */
final class Attempt {

	private final Instant at;

	private final Caller caller;

	private String requestedName;

	private ObjectNode arguments;

	private boolean viaExecuteTool;

	private String resolvedTool;

	private String operation;

	private String classification;

	private String reachedConnectionId;

	private String reachedAccount;

	private String grantFingerprint;

	private String gate;

	private String decision = "allowed";

	private String outcome = "success";

	private String errorCode;

	private boolean executed;

	private long durationMicros;

	private Long attemptSeq;

	Attempt(Instant at, Caller caller, String requestedName, ObjectNode arguments) {
		this.at = at;
		this.caller = caller;
		this.requestedName = requestedName;
		this.arguments = arguments;
	}

	Caller caller() {
		return this.caller;
	}

	String requestedName() {
		return this.requestedName;
	}

	ObjectNode arguments() {
		return this.arguments;
	}

	String resolvedTool() {
		return (this.resolvedTool != null) ? this.resolvedTool : this.requestedName;
	}

	String operation() {
		return this.operation;
	}

	String classification() {
		return this.classification;
	}

	String gate() {
		return this.gate;
	}

	String outcome() {
		return this.outcome;
	}

	boolean executed() {
		return this.executed;
	}

	/** Whether a gate refused the attempt. */
	boolean denied() {
		return "denied".equals(this.decision);
	}

	/** What the steps resolved of the call, whatever they decided. */
	void resolved(Call call) {
		if (call.viaExecuteTool()) {
			unwrapped(call.name(), call.arguments());
		}
		if (call.operation() != null) {
			ControlPlaneOperation operation = call.operation();
			resolved(operation.toolName(), "quiver." + operation.resource() + "." + operation.operation(),
					operation.classification().wireName());
		}
		else if (call.tool() != null) {
			ConnectedTool tool = call.tool();
			// a resource read is the tool's, as the read of one of its results (R12.8)
			String operation = call.read() ? Call.RESOURCE_READ : tool.operation().name();
			resolved(tool.name(), tool.connectorId() + "." + operation, tool.classification().wireName());
		}
	}

	private void unwrapped(String name, ObjectNode innerArguments) {
		this.viaExecuteTool = true;
		this.requestedName = name;
		this.arguments = innerArguments;
	}

	void resolved(String tool, String operation, String classification) {
		this.resolvedTool = tool;
		this.operation = operation;
		this.classification = classification;
	}

	void reached(String connectionId, String account, String grantFingerprint) {
		this.reachedConnectionId = connectionId;
		this.reachedAccount = account;
		this.grantFingerprint = grantFingerprint;
	}

	void denied(Verdict verdict) {
		this.gate = verdict.gate().wireName();
		this.decision = "denied";
		this.outcome = (verdict.gate() == Gate.NAME) ? "unknown" : "denied";
		this.errorCode = verdict.gate().wireName() + "-denied";
	}

	void executing() {
		this.executed = true;
	}

	ToolResult succeeded(ToolResult result) {
		this.outcome = "success";
		return result;
	}

	void failed(String errorCode) {
		this.outcome = "error";
		this.errorCode = errorCode;
	}

	/** The caller cancelled the call while it ran (R12.7); the upstream was told. */
	void cancelled() {
		this.outcome = "cancelled";
		this.errorCode = "cancelled";
	}

	void finished(long nanos) {
		this.durationMicros = nanos / 1000;
	}

	/** The write-ahead attempt entry was committed as {@code seq} (SPEC R10.7). */
	void attemptRecorded(long seq) {
		this.attemptSeq = seq;
	}

	boolean attemptRecorded() {
		return this.attemptSeq != null;
	}

	/**
	 * The write-ahead attempt entry (SPEC R10.7): everything decided before the call
	 * leaves, nothing of its execution (no account reached, no duration), outcome
	 * {@code outcome-unknown} until its outcome entry settles it.
	 */
	ToolCallRecord toAttemptRecord(String traceId) {
		var names = ArgumentGate.argumentNames(this.arguments);
		return new ToolCallRecord(this.at, this.caller.orgId(), this.caller.memberId(), this.caller.subject(),
				this.requestedName, this.viaExecuteTool, this.resolvedTool, this.operation, null, null,
				this.classification, this.gate, this.decision, ToolCallRecord.OUTCOME_UNKNOWN, null, names,
				names.size(), 0, traceId, ToolCallRecord.ATTEMPT, null, null);
	}

	/**
	 * The call's entry once it ended: the only one, or the outcome entry of its attempt,
	 * in the trace {@code traceId} (null: untraced).
	 */
	ToolCallRecord toRecord(String traceId) {
		var names = ArgumentGate.argumentNames(this.arguments);
		return new ToolCallRecord(this.at, this.caller.orgId(), this.caller.memberId(), this.caller.subject(),
				this.requestedName, this.viaExecuteTool, this.resolvedTool, this.operation, this.reachedConnectionId,
				this.reachedAccount, this.classification, this.gate, this.decision, this.outcome, this.errorCode, names,
				names.size(), this.durationMicros, traceId, (this.attemptSeq != null) ? ToolCallRecord.OUTCOME : null,
				this.attemptSeq, this.grantFingerprint);
	}

}
