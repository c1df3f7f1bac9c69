package io.quiver.command.shared.api;

/**
 * Every event belongs to exactly one organisation (SPEC R1.4) and says which.
 */
public interface OrganizationEvent {

	String orgId();

}
