package io.quiver.command.toolbox.api;

import io.quiver.command.member.api.Target;

/**
 * A toolbox grant to a role or a user was revoked.
 */
public record ToolboxRevokedEvent(String orgId, String toolboxId, Target target) {
}
