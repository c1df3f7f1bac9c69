package io.quiver.query.audit.api;

/**
 * The result of walking an organisation's chain: ok, how many entries were checked, the
 * first broken link (null when ok), and the entry from which the chain uses the canonical
 * encoding of version 2 (the cut-over, SPEC R10.10; null while every entry is of version
 * 1).
 */
public record AuditVerification(boolean ok, long entries, BrokenLink firstBroken, Long encodingCutOver) {
}
