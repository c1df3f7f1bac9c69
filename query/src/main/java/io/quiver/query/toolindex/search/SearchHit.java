package io.quiver.query.toolindex.search;

import java.util.List;

/**
 * One ranked tool.
 */
public record SearchHit(String key, double score, List<String> matchedTerms) {
}
