package io.quiver.query.audit.api;

import java.time.Instant;
import java.util.List;

/**
 * One tools/call attempt as the pipeline saw it (SPEC R10.1): argument names and count,
 * never values (R10.2), and the trace it ran in ({@code traceId}, null when untraced,
 * R15.1).
 * <p>
 * A connected {@code write} or {@code destructive} call is recorded in two entries
 * (R10.7): first its attempt ({@code phase} {@value #ATTEMPT}, outcome
 * {@value #OUTCOME_UNKNOWN}), durable before the call reaches its upstream, then its
 * outcome ({@code phase} {@value #OUTCOME}, {@code attemptSeq} the attempt's seq). Every
 * other call is one entry, with neither.
 */
public record ToolCallRecord(Instant at, String orgId, String memberId, String subject, String requestedName,
		boolean viaExecuteTool, String resolvedTool, String operation, String connectionId, String account,
		String classification, String gate, String decision, String outcome, String errorCode,
		List<String> argumentNames, int argumentCount, long durationMicros, String traceId, String phase,
		Long attemptSeq, String grantFingerprint) {

	/** The phase of a write-ahead attempt entry. */
	public static final String ATTEMPT = "attempt";

	/** The phase of the outcome entry that settles an attempt. */
	public static final String OUTCOME = "outcome";

	/** What an attempt entry reads until (unless) its outcome entry follows. */
	public static final String OUTCOME_UNKNOWN = "outcome-unknown";

	/** A call recorded in one entry. */
	public ToolCallRecord(Instant at, String orgId, String memberId, String subject, String requestedName,
			boolean viaExecuteTool, String resolvedTool, String operation, String connectionId, String account,
			String classification, String gate, String decision, String outcome, String errorCode,
			List<String> argumentNames, int argumentCount, long durationMicros, String traceId) {
		this(at, orgId, memberId, subject, requestedName, viaExecuteTool, resolvedTool, operation, connectionId,
				account, classification, gate, decision, outcome, errorCode, argumentNames, argumentCount,
				durationMicros, traceId, null, null, null);
	}

}
