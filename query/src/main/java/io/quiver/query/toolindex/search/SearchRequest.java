package io.quiver.query.toolindex.search;

import java.util.BitSet;

/**
 * One search over the caller's visible tools.
 */
public record SearchRequest(String query, int limit, BitSet visible, QueryContext context) {
}
