package io.quiver.query.toolbox.api;

/**
 * One toolbox of an organisation, by id or name.
 */
public record FindToolboxQuery(String orgId, String toolbox) {
}
