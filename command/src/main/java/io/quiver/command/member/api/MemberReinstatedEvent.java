package io.quiver.command.member.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * A suspended member was reinstated.
 */
public record MemberReinstatedEvent(String orgId, String memberId) implements OrganizationEvent {
}
