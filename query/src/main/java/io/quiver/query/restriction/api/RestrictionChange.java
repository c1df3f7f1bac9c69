package io.quiver.query.restriction.api;

import io.quiver.command.restriction.api.RestrictionRules;

/**
 * One restriction change: who, when, and the rules before and after (SPEC R11.2).
 */
public record RestrictionChange(String eventId, String at, String restrictionId, String target, String change,
		RestrictionRules before, RestrictionRules after, String actorMember, String actorSubject, String via) {
}
