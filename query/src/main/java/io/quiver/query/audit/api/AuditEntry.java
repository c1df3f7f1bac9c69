package io.quiver.query.audit.api;

import java.time.Instant;
import java.util.List;

/**
 * One entry of the tool-call trail as stored: the record, its place in the organisation's
 * chain, its hash (SPEC R10.4) and the version of the encoding its hash covers (R10.10: 1
 * before the cut-over, 2 since). {@code traceId} is the call's trace (R15.1), covered by
 * the hash when present.
 */
public record AuditEntry(long seq, String entryId, Instant at, String memberId, String subject, String requestedName,
		boolean viaExecuteTool, String resolvedTool, String operation, String connectionId, String account,
		String classification, String gate, String decision, String outcome, String errorCode,
		List<String> argumentNames, int argumentCount, long durationMicros, String prevHash, String hash, int version,
		String traceId) {
}
