package io.quiver.query.audit.api;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The tool-call audit trail (SPEC R10): append-only, hash-chained per organisation,
 * readable, verifiable and exportable.
 */
public interface AuditTrail {

	/**
	 * Appends one attempt; completes once the entry is durably stored (so a caller can
	 * hold its answer until then: an attempt that got an answer is in the trail), or
	 * exceptionally if it could not be.
	 */
	CompletableFuture<AuditEntry> append(ToolCallRecord record);

	AuditPage find(FindAuditEntriesQuery query);

	/**
	 * Walks an organisation's chain from the first entry and reports the first broken
	 * link.
	 */
	AuditVerification verify(String orgId);

	/**
	 * Streams every matching entry, oldest first, without holding the whole trail in
	 * memory.
	 */
	void export(FindAuditEntriesQuery query, Consumer<AuditEntry> sink);

}
