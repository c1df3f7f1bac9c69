package io.quiver.query.compliance.api;

import java.time.Instant;

/**
 * Why a connected tool is or is not reachable for a member, now or as of an instant (SPEC
 * R8, R11.1).
 *
 * @param orgId the organisation
 * @param member the member's id or subject
 * @param tool the advertised tool name
 * @param at the instant, or null for now
 */
public record FindToolDecisionQuery(String orgId, String member, String tool, Instant at) {
}
