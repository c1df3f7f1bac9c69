package io.quiver.query.search.api;

/**
 * An organisation's search index over its connected tools, as its readers see it: which
 * ordinal a tool has (to say which tools a caller may see) and the ranked search (SPEC
 * R6).
 */
public interface Searchable {

	/**
	 * The ordinal of the tool put under this key, for {@link SearchRequest#visible()}, or
	 * -1.
	 */
	int ordinal(String key);

	/** Ranks the request's visible tools against its query. */
	SearchResult search(SearchRequest request);

}
