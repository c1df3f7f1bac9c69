package io.quiver.query.audit.api;

/**
 * The result of walking an organisation's chain: ok, how many entries were checked, and
 * the first broken link (null when ok).
 */
public record AuditVerification(boolean ok, long entries, BrokenLink firstBroken) {
}
