package io.quiver.query.toolindex.search;

import java.util.Set;

/**
 * What the query reader needs to know about the caller's world (SPEC R6.9).
 */
public record QueryContext(Set<String> accountLabels, Set<String> connectorIds, Set<String> applicationNames) {
}
