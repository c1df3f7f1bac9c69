package io.quiver.query.toolbox.api;

/**
 * The toolboxes of an organisation.
 */
public record FindToolboxesQuery(String orgId) {
}
