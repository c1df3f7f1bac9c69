package io.quiver.command.organization.api;

import io.quiver.command.shared.api.OrganizationEvent;

/**
 * An organisation's settings changed; carries the settings before and after (SPEC R10.3).
 */
public record OrganizationSettingsChangedEvent(String orgId, OrganizationSettings before,
		OrganizationSettings after) implements OrganizationEvent {
}
