package io.quiver.command.organization.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * An organisation came into being, with its initial settings.
 */
public record OrganizationCreatedEvent(String orgId, String name,
		OrganizationSettings settings) implements OrganizationEvent {
}
