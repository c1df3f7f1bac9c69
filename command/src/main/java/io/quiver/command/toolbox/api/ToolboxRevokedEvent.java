package io.quiver.command.toolbox.api;

import io.quiver.command.member.api.Target;
import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A toolbox grant to a role or a user was revoked.
 */
public record ToolboxRevokedEvent(String orgId, String toolboxId, Target target) implements OrganizationEvent {
}
