package io.quiver.query.compliance.api;

import java.time.Instant;

/**
 * The rules in force for a target ({@code role:X} or {@code user:Y}) or for a member, now
 * or as of an instant (SPEC R8.3, R8.4, R11.1); a member wins over a target.
 *
 * @param orgId the organisation
 * @param target {@code role:{ROLE}} or {@code user:{subject}}, or null
 * @param member a member's id or subject, or null
 * @param at the instant, or null for now
 */
public record FindEffectiveRulesQuery(String orgId, String target, String member, Instant at) {
}
