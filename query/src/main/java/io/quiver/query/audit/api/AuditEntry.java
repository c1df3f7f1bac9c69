package io.quiver.query.audit.api;

import java.time.Instant;
import java.util.List;

/**
 * One entry of the tool-call trail as stored: the record, its place in the organisation's
 * chain, its hash (SPEC R10.4) and the version of the encoding its hash covers (R10.10: 1
 * before the cut-over, 2 since). {@code traceId} is the call's trace (R15.1), covered by
 * the hash when present.
 * <p>
 * A write-ahead pair (R10.7): the attempt entry has {@code phase} "attempt"; the outcome
 * entry {@code phase} "outcome" and {@code attemptSeq} the seq of its attempt. Read back
 * from a listing or an export, an attempt entry carries {@code settled}, its outcome
 * entry joined to it, or null if none came: then it reads {@code outcome-unknown}.
 * {@code settled} is not part of the entry and not covered by its hash.
 */
public record AuditEntry(long seq, String entryId, Instant at, String memberId, String subject, String requestedName,
		boolean viaExecuteTool, String resolvedTool, String operation, String connectionId, String account,
		String classification, String gate, String decision, String outcome, String errorCode,
		List<String> argumentNames, int argumentCount, long durationMicros, String prevHash, String hash, int version,
		String traceId, String phase, Long attemptSeq, Settled settled, String grantFingerprint) {

	/** The entry with its hash, once computed. */
	public AuditEntry hashed(String entryHash) {
		return new AuditEntry(this.seq, this.entryId, this.at, this.memberId, this.subject, this.requestedName,
				this.viaExecuteTool, this.resolvedTool, this.operation, this.connectionId, this.account,
				this.classification, this.gate, this.decision, this.outcome, this.errorCode, this.argumentNames,
				this.argumentCount, this.durationMicros, this.prevHash, entryHash, this.version, this.traceId,
				this.phase, this.attemptSeq, this.settled, this.grantFingerprint);
	}

	/** The outcome entry of an attempt, as a listing joins it: what the call ended in. */
	public record Settled(long seq, String outcome, String errorCode, String connectionId, String account,
			long durationMicros) {
	}

}
