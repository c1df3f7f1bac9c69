package io.quiver.query.search.api;

import java.util.Set;

/**
 * What the query reader needs to know about the caller's world (SPEC R6.9).
 *
 * @param accountLabels labels of the accounts backing the caller's visible tools (e.g.
 * {@code notion-legal}); a hyphenated query word naming another account of a known
 * connector empties the answer (R6.9b)
 * @param connectorIds ids of the organisation's catalog connectors (e.g. {@code notion},
 * {@code github}); a hyphenated word starting with one of them names an account (R6.9b)
 * @param applicationNames lower-case ids and display labels of the organisation's catalog
 * connectors (R6.9c); the index adds its own built-in list of well-known application
 * names
 */
public record QueryContext(Set<String> accountLabels, Set<String> connectorIds, Set<String> applicationNames) {

	/** A context that knows no account, connector or catalog application. */
	public static final QueryContext EMPTY = new QueryContext(Set.of(), Set.of(), Set.of());

	public QueryContext {
		accountLabels = accountLabels == null ? Set.of() : Set.copyOf(accountLabels);
		connectorIds = connectorIds == null ? Set.of() : Set.copyOf(connectorIds);
		applicationNames = applicationNames == null ? Set.of() : Set.copyOf(applicationNames);
	}

}
