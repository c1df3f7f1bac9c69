package io.quiver.query.audit.api;

import java.time.Instant;

/**
 * Filters on the trail of one organisation, newest first; null fields do not filter; the
 * cursor is the nextCursor of the previous page.
 */
public record FindAuditEntriesQuery(String orgId, String memberId, String subject, String tool, String connection,
		String outcome, Instant from, Instant to, String cursor, int limit) {
}
