package io.quiver.query.search.api;

import java.util.List;

/**
 * One ranked tool.
 *
 * @param key the key the tool was put under
 * @param score the sum over query tokens of field score times token weight (R6.3, R6.4)
 * @param matchedTerms the query tokens that scored on this tool, in query order
 */
public record SearchHit(String key, double score, List<String> matchedTerms) {

	public SearchHit {
		matchedTerms = List.copyOf(matchedTerms);
	}

}
