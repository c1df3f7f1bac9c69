package io.quiver.query.search.api;

import java.util.List;

/**
 * The answer to a search (R6.5, R6.8, R6.9d).
 *
 * @param hits ranked tools, best first, at most the request's limit
 * @param setAside query words not searched for: function words, numbers and argument
 * values that match no visible tool, as written
 * @param unmatched searched tokens that matched no visible tool
 * @param missingAccount the account a hyphenated query word named that the caller does
 * not have (R6.9b), or null
 * @param message for an empty result, words a model can act on; null when there are hits
 */
public record SearchResult(List<SearchHit> hits, List<String> setAside, List<String> unmatched, String missingAccount,
		String message) {

	public SearchResult {
		hits = List.copyOf(hits);
		setAside = List.copyOf(setAside);
		unmatched = List.copyOf(unmatched);
	}

	public boolean isEmpty() {
		return this.hits.isEmpty();
	}

}
