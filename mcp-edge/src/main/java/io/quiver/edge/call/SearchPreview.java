package io.quiver.edge.call;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.gate.CallerSurface;
import io.quiver.query.search.api.SearchHit;
import io.quiver.query.search.api.SearchResult;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.PolicySnapshot;

/**
 * What {@code search_tools} answers a caller, with the ranking's workings shown (SPEC
 * R6): each row as the meta-tool returns it, with both signals (its lexical score and the
 * query words it matched, and its similarity where the semantic signal is on, R6.15), and
 * the words set aside or unmatched. The same ranking over the same visible tools as
 * {@link ToolSearch}; nothing is executed or audited, so it can preview another member's
 * search in the console.
 */
public final class SearchPreview {

	private SearchPreview() {
	}

	public static Result of(PolicySnapshot policy, CallerSurface surface, String query, Integer limit) {
		SearchResult result = ToolSearch.rank(policy, surface, query, limit);
		Map<String, ConnectedTool> visible = ToolSearch.visibleByKey(policy, surface);
		List<Hit> hits = new ArrayList<>();
		for (SearchHit hit : result.hits()) {
			ConnectedTool tool = visible.get(hit.key());
			if (tool != null) {
				hits.add(new Hit(tool.name(), hit.score(), hit.matchedTerms(),
						hit.hasSimilarity() ? hit.similarity() : null, ToolSearch.row(tool)));
			}
		}
		String message = null;
		if (hits.isEmpty()) {
			message = (result.message() != null) ? result.message()
					: "No connected tool you can reach matches this query.";
		}
		return new Result(hits, result.setAside(), result.unmatched(), result.missingAccount(), message);
	}

	/**
	 * One ranked tool.
	 *
	 * @param name the advertised name
	 * @param score the ranking score (R6.3, R6.4)
	 * @param matchedTerms the query tokens that scored on it
	 * @param similarity the semantic signal: the cosine of the query's and the tool's
	 * sentence vectors (R6.15), or null where the organisation has it off
	 * @param row the row {@code search_tools} returns for it
	 */
	public record Hit(String name, double score, List<String> matchedTerms, Double similarity, ObjectNode row) {
	}

	/**
	 * The answer: hits best first, the words set aside and unmatched (R6.9d), the account
	 * a query word named that the caller lacks, and the message of an empty answer.
	 */
	public record Result(List<Hit> hits, List<String> setAside, List<String> unmatched, String missingAccount,
			String message) {
	}

}
