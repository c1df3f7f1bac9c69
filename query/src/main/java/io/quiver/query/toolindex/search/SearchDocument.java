package io.quiver.query.toolindex.search;

/**
 * One searchable tool: the fields of SPEC R6.1.
 */
public record SearchDocument(String name, String connectorId, String connectorLabel, String description) {
}
