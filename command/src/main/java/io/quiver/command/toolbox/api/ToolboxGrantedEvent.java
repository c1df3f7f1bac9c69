package io.quiver.command.toolbox.api;

import io.quiver.command.member.api.Target;
import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A toolbox was granted to a role or a user.
 */
public record ToolboxGrantedEvent(String orgId, String toolboxId, Target target) implements OrganizationEvent {
}
