package io.quiver.query.search.api;

import java.util.List;

/**
 * One ranked tool, with both signals that ranked it (SPEC R6.3, R6.4, R6.15).
 *
 * @param key the key the tool was put under
 * @param score the lexical score; a tool the semantic signal raised scores 0 (with the
 * signal on, hits are ordered by the blend of both signals, R6.15, docs/search.md "The
 * blend", not by this score)
 * @param matchedTerms the query tokens that scored on this tool, in query order
 * @param lexical the sum over query tokens of field score times token weight (R6.3,
 * R6.4); 0 for a tool the lexical floor dropped and the similarity raised
 * @param similarity the cosine of the query's and the tool's sentence vectors (R6.15), or
 * {@link Double#NaN} where the semantic signal was not consulted
 */
public record SearchHit(String key, double score, List<String> matchedTerms, double lexical, double similarity) {

	public SearchHit {
		matchedTerms = List.copyOf(matchedTerms);
	}

	/** A hit of the lexical ranking alone. */
	public SearchHit(String key, double score, List<String> matchedTerms) {
		this(key, score, matchedTerms, score, Double.NaN);
	}

	/** Whether the semantic signal was consulted for this hit. */
	public boolean hasSimilarity() {
		return !Double.isNaN(this.similarity);
	}

}
