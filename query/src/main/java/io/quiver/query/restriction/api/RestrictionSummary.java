package io.quiver.query.restriction.api;

import io.quiver.command.restriction.api.RestrictionRules;

/**
 * A restriction as the restriction directory shows it.
 */
public record RestrictionSummary(String restrictionId, String target, RestrictionRules rules, String createdAt,
		String updatedAt) {
}
