package io.quiver.command.organization.api;

/**
 * An organisation came into being, with its initial settings.
 */
public record OrganizationCreatedEvent(String orgId, String name, OrganizationSettings settings) {
}
