package io.quiver.query.toolindex.search;

import java.util.List;

/**
 * The ranked answer, with what the reader set aside and what matched nothing (SPEC R6.8,
 * R6.9).
 */
public record SearchResult(List<SearchHit> hits, List<String> setAside, List<String> unmatched, String missingAccount,
		String message) {
}
