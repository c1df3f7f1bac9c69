package io.quiver.query.search.api;

import java.util.BitSet;
import java.util.Objects;

/**
 * One search over the caller's visible tools.
 *
 * @param query the model's words
 * @param limit how many hits at most; below 1 means {@value #DEFAULT_LIMIT}, above
 * {@value #MAX_LIMIT} means {@value #MAX_LIMIT} (R6.6)
 * @param visible ordinals ({@link Searchable#ordinal(String)}) of the tools the caller
 * may see; nothing else is scored, counted or returned (R3.4, R8.8)
 * @param context the caller's accounts and the organisation's connectors (R6.9)
 * @param semantic whether the semantic signal may join the lexical one where the index
 * has one (R6.15; the organisation's setting)
 */
public record SearchRequest(String query, int limit, BitSet visible, QueryContext context, boolean semantic) {

	public static final int DEFAULT_LIMIT = 10;

	public static final int MAX_LIMIT = 50;

	public SearchRequest {
		query = query == null ? "" : query;
		limit = (limit < 1) ? DEFAULT_LIMIT : Math.min(limit, MAX_LIMIT);
		Objects.requireNonNull(visible, "visible");
		context = context == null ? QueryContext.EMPTY : context;
	}

	/** A request that lets the semantic signal join where the index has one. */
	public SearchRequest(String query, int limit, BitSet visible, QueryContext context) {
		this(query, limit, visible, context, true);
	}

}
