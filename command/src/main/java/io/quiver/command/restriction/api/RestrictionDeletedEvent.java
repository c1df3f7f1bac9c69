package io.quiver.command.restriction.api;

import io.quiver.command.member.api.Target;
import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A restriction was deleted; carries the rules it had (SPEC R11.2).
 */
public record RestrictionDeletedEvent(String orgId, String restrictionId, Target target,
		RestrictionRules before) implements OrganizationEvent {
}
