package io.quiver.query.toolindex.api;

import io.quiver.command.member.api.Target;
import io.quiver.command.restriction.api.RestrictionRules;

/**
 * A restriction as the live policy state knows it.
 */
public record RestrictionView(String restrictionId, Target target, RestrictionRules rules) {
}
