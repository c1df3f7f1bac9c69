package io.quiver.query.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.quiver.query.search.QueryReader.Mention;
import io.quiver.query.search.QueryReader.Plan;
import io.quiver.query.search.api.CodePoints;
import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchResult;

/**
 * The empty answers and the words they say (R6.8), so that a caller learns what to do
 * next rather than only that nothing matched: an account the caller does not have (R6.9b,
 * R6.12), an application the caller has not connected (R6.9c), a query of set-aside words
 * (R6.9d) or of generic verbs only (R6.14), and nothing above the floor (R6.5). Every
 * list they quote is bounded.
 */
final class EmptyAnswers {

	private static final int MAX_LISTED = 5;

	private EmptyAnswers() {
	}

	/**
	 * The answer for a query naming an account the caller does not have (R6.9b, R6.12).
	 */
	static SearchResult missingAccount(String label, QueryContext context) {
		return new SearchResult(List.of(), List.of(), List.of(), label, null, List.of(),
				"No tools: you have no account labelled '" + label + "'" + accountsYouHave(context)
						+ ". Search without the account label, or connect that account first.");
	}

	/**
	 * The answer for a query naming an application the caller has not connected: empty,
	 * naming it; its tokens count as unmatched, as do the tokens that matched nothing.
	 */
	static SearchResult unconnected(Plan plan, Mention mention, Scratch scratch) {
		List<String> unmatched = new ArrayList<>();
		for (int t = 0; t < plan.terms().size(); t++) {
			int term = t;
			if (scratch.df[t] == 0 || Arrays.stream(mention.terms()).anyMatch((m) -> m == term)) {
				unmatched.add(plan.terms().get(t));
			}
		}
		return new SearchResult(List.of(), List.of(), unmatched, null, mention.display(), List.of(),
				"No tools: " + mention.display() + " is not connected for you, so none of your tools belongs to it. "
						+ "Connect " + mention.display() + " first, or search for an application you have connected.");
	}

	/** Why the query's generic verbs alone match nothing worth calling (R6.14). */
	static String genericOnly(List<String> generic, List<String> rest) {
		return "No tool matches this query: only the generic " + (generic.size() == 1 ? "verb " : "verbs ")
				+ bounded(generic) + " matched your tools, and " + bounded(rest)
				+ " matched none of their names. Name the object in the tool's words, or connect the application"
				+ " that has it first.";
	}

	/** Why no word of the query was searched for: all were set aside (R6.9d). */
	static String nothingSearched(List<String> setAside) {
		return "No tools: no word of the query was searched for" + setAsideSentence(setAside)
				+ ". Name the action and the object, for example 'create issue' or 'list pages'.";
	}

	/**
	 * Why nothing cleared the floor (R6.5): the tokens that matched no visible tool, the
	 * words set aside and, for a query shaped like a tool name, the nearest tool names.
	 * @param nearest the advertised names of the nearest tools, best first
	 */
	static String noMatch(List<String> unmatched, List<String> setAside, List<String> nearest) {
		StringBuilder message = new StringBuilder("No tool matches this query well enough to be worth calling");
		if (!unmatched.isEmpty()) {
			message.append(": ")
				.append(bounded(unmatched))
				.append(unmatched.size() == 1 ? " matches" : " match")
				.append(" no tool you can see");
		}
		message.append(setAsideSentence(setAside));
		if (!nearest.isEmpty()) {
			message.append(". The nearest tool names you can call: ")
				.append(String.join(", ", nearest))
				.append(" (not matches: call one only if it is the tool you meant)");
		}
		message.append(". Try the tool's name or fewer, more specific words; if the tool belongs to an application"
				+ " you have not connected, connect it first.");
		return message.toString();
	}

	private static String setAsideSentence(List<String> setAside) {
		if (setAside.isEmpty()) {
			return "";
		}
		return "; set aside as function words, numbers or argument values: " + bounded(setAside);
	}

	private static String accountsYouHave(QueryContext context) {
		if (context.accountLabels().isEmpty()) {
			return "";
		}
		List<String> labels = new ArrayList<>(context.accountLabels());
		labels.sort(CodePoints::compare);
		return " (your accounts: " + bounded(labels) + ")";
	}

	private static String bounded(List<String> items) {
		if (items.size() <= MAX_LISTED) {
			return String.join(", ", items);
		}
		return String.join(", ", items.subList(0, MAX_LISTED)) + " (+" + (items.size() - MAX_LISTED) + " more)";
	}

}
