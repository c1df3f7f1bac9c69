package io.quiver.query.compliance.api;

import java.time.Instant;

/**
 * What a member could reach at {@code from} and at {@code to}, and the difference (SPEC
 * R11.1).
 *
 * @param orgId the organisation
 * @param member the member's id or subject
 * @param from the earlier instant
 * @param to the later instant, or null for now
 */
public record FindReachChangesQuery(String orgId, String member, Instant from, Instant to) {
}
