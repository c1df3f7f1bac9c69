package io.quiver.query.audit.api;

import java.util.concurrent.CompletableFuture;

/**
 * Writes the tool-call audit trail (SPEC R10): append-only, hash-chained per
 * organisation.
 */
public interface AuditWriter {

	/**
	 * Appends one attempt; completes once the entry is durably stored (so a caller can
	 * hold its answer until then: an attempt that got an answer is in the trail), or
	 * exceptionally if it could not be.
	 */
	CompletableFuture<AuditEntry> append(ToolCallRecord record);

}
