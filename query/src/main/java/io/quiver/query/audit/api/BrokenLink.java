package io.quiver.query.audit.api;

/**
 * Where an organisation's chain breaks: the entry and what is wrong with it.
 */
public record BrokenLink(long seq, String entryId, String reason) {
}
