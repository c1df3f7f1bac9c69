package io.quiver.query.audit.api;

import java.util.function.Consumer;

/**
 * Reads the tool-call audit trail (SPEC R10.3, R10.5): pages of entries, newest first,
 * and exports, oldest first; each attempt entry joined to its outcome entry (R10.7).
 */
public interface AuditReader {

	/**
	 * A page of the matching entries, newest first.
	 * @throws IllegalArgumentException when the cursor is not one this API gave out
	 */
	AuditPage find(FindAuditEntriesQuery query);

	/**
	 * Streams every matching entry, oldest first, without holding the whole trail in
	 * memory.
	 */
	void export(FindAuditEntriesQuery query, Consumer<AuditEntry> sink);

}
