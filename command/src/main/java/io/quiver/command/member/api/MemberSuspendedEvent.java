package io.quiver.command.member.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A member was suspended.
 */
public record MemberSuspendedEvent(String orgId, String memberId) implements OrganizationEvent {
}
