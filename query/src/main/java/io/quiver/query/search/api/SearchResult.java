package io.quiver.query.search.api;

import java.util.List;

/**
 * The answer to a search (R6.5, R6.8, R6.9d, R6.14).
 *
 * @param hits ranked tools, best first, at most the request's limit
 * @param setAside query words not searched for: function words, numbers and argument
 * values that match no visible tool, as written
 * @param unmatched searched tokens that matched no visible tool
 * @param missingAccount the account a query named that the caller does not have (R6.9b,
 * R6.12), or null
 * @param notConnected the application a query named that no visible tool belongs to
 * (R6.9c), as the model should read it ({@code Cal.com}), or null
 * @param nearest for an empty answer to a query shaped like a tool name, the keys of the
 * visible tools whose names come nearest, best first, at most {@value #MAX_NEAREST};
 * otherwise empty
 * @param message for an empty result, words a model can act on; null when there are hits
 */
public record SearchResult(List<SearchHit> hits, List<String> setAside, List<String> unmatched, String missingAccount,
		String notConnected, List<String> nearest, String message) {

	/** How many nearest names an empty answer offers at most. */
	public static final int MAX_NEAREST = 3;

	public SearchResult {
		hits = List.copyOf(hits);
		setAside = List.copyOf(setAside);
		unmatched = List.copyOf(unmatched);
		nearest = List.copyOf(nearest);
	}

	/** Ranked hits, with what was set aside and unmatched. */
	public static SearchResult of(List<SearchHit> hits, List<String> setAside, List<String> unmatched) {
		return new SearchResult(hits, setAside, unmatched, null, null, List.of(), null);
	}

	/** An empty answer saying why. */
	public static SearchResult empty(List<String> setAside, List<String> unmatched, String message) {
		return new SearchResult(List.of(), setAside, unmatched, null, null, List.of(), message);
	}

	public boolean isEmpty() {
		return this.hits.isEmpty();
	}

}
