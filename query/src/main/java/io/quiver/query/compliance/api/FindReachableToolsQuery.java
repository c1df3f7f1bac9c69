package io.quiver.query.compliance.api;

import java.time.Instant;

/**
 * The tools a member could reach with every scope, now or as of an instant (SPEC R11.1).
 *
 * @param orgId the organisation
 * @param member the member's id or subject
 * @param at the instant, or null for now
 */
public record FindReachableToolsQuery(String orgId, String member, Instant at) {
}
