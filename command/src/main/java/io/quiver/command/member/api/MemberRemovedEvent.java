package io.quiver.command.member.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A member was removed; their subject is free again.
 */
public record MemberRemovedEvent(String orgId, String memberId, String subject) implements OrganizationEvent {
}
