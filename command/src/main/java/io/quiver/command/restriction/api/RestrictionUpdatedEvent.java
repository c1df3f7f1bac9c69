package io.quiver.command.restriction.api;

import io.quiver.command.member.api.Target;
import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A restriction's rules changed; carries the rules before and after (SPEC R11.2).
 */
public record RestrictionUpdatedEvent(String orgId, String restrictionId, Target target, RestrictionRules before,
		RestrictionRules after) implements OrganizationEvent {
}
