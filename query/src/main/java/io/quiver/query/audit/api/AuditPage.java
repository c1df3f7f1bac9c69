package io.quiver.query.audit.api;

import java.util.List;

/**
 * One page of the trail and the cursor of the next, null at the end.
 */
public record AuditPage(List<AuditEntry> entries, String nextCursor) {
}
