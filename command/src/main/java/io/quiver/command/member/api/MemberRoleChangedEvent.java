package io.quiver.command.member.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A member's role changed from one role to another.
 */
public record MemberRoleChangedEvent(String orgId, String memberId, Role from, Role to) implements OrganizationEvent {
}
