package io.quiver.query.audit.api;

import java.time.Instant;
import java.util.List;

/**
 * One tools/call attempt as the pipeline saw it (SPEC R10.1): argument names and count,
 * never values (R10.2), and the trace it ran in ({@code traceId}, null when untraced,
 * R15.1).
 */
public record ToolCallRecord(Instant at, String orgId, String memberId, String subject, String requestedName,
		boolean viaExecuteTool, String resolvedTool, String operation, String connectionId, String account,
		String classification, String gate, String decision, String outcome, String errorCode,
		List<String> argumentNames, int argumentCount, long durationMicros, String traceId) {
}
