package io.quiver.command.restriction.api;

import io.quiver.command.member.api.Target;
import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A restriction was created for a role or a user.
 */
public record RestrictionCreatedEvent(String orgId, String restrictionId, Target target,
		RestrictionRules rules) implements OrganizationEvent {
}
