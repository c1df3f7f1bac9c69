package io.quiver.query.search;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

import io.quiver.query.search.SearchIndex.Tool;

import static io.quiver.query.search.SearchIndex.CONNECTOR;
import static io.quiver.query.search.SearchIndex.DESCRIPTION;
import static io.quiver.query.search.SearchIndex.EQUIVALENT;
import static io.quiver.query.search.SearchIndex.EXACT_NAME;
import static io.quiver.query.search.SearchIndex.MIN_PREFIX;
import static io.quiver.query.search.SearchIndex.NAME_PREFIX;
import static io.quiver.query.search.SearchIndex.NEAR_MISS;
import static io.quiver.query.search.SearchIndex.NEAR_MISS_ANCHORS;

/**
 * The postings of the fields a tool is searched by, and the scoring of one query term on
 * them: name tokens in a sorted dictionary (for prefixes, R6.3) with their deletions (for
 * near misses, R6.14) and stems (for other inflections, docs/search.md, refinement 13),
 * connector tokens, description tokens, and the canonical names of each tool's connector.
 * <p>
 * Mutated only under the index's write lock ({@link SearchIndex}); read by concurrent
 * searches.
 */
final class FieldIndex {

	private final Lexicon lexicon;

	private final TreeMap<String, Postings> nameTerms = new TreeMap<>();

	private final Map<String, Postings> connectorTerms = new HashMap<>();

	private final Map<String, Postings> descriptionTerms = new HashMap<>();

	/** Name tokens by their deletions, for near misses (R6.14). */
	private final NearMisses nearMisses = new NearMisses();

	/**
	 * Name tokens by their stems, for other inflections (docs/search.md, refinement 13).
	 */
	private final Stems stems = new Stems();

	/** Canonical squashed connector id or label to the tools of that connector. */
	private final Map<String, Postings> connectorNames = new HashMap<>();

	/** With the lexicon whose verb equivalents a term also scores through (R6.10). */
	FieldIndex(Lexicon lexicon) {
		this.lexicon = lexicon;
	}

	/** The tools whose connector id or label is this canonical squashed name, or null. */
	Postings connectorNamed(String canonical) {
		return this.connectorNames.get(canonical);
	}

	/**
	 * Indexes the tokens of each field of the tool under its ordinal, and has the tool
	 * keep the index's own instance of each token it holds (its arrays are rewritten in
	 * place with equal strings): a token is then held once per index, not once per tool.
	 */
	void add(int ordinal, Tool tool) {
		String[] name = tool.name();
		for (int i = 0; i < name.length; i++) {
			Postings postings = this.nameTerms.get(name[i]);
			if (postings == null) {
				postings = new Postings(name[i]);
				this.nameTerms.put(name[i], postings);
				this.nearMisses.add(name[i]);
				this.stems.add(name[i]);
			}
			name[i] = postings.term();
			postings.add(ordinal);
		}
		add(this.connectorTerms, tool.connector(), ordinal);
		add(this.descriptionTerms, tool.description(), ordinal);
		add(this.connectorNames, tool.connectorNames(), ordinal);
		// the label's tokens are the connector's and the account label's, a name's
		String[] label = tool.label();
		for (int i = 0; i < label.length; i++) {
			Postings postings = this.connectorTerms.get(label[i]);
			postings = (postings != null) ? postings : this.nameTerms.get(label[i]);
			if (postings != null) {
				label[i] = postings.term();
			}
		}
	}

	/** Removes the tool's tokens from the postings of its ordinal, and emptied terms. */
	void remove(int ordinal, Tool tool) {
		for (String token : tool.name()) {
			Postings postings = this.nameTerms.get(token);
			if (postings != null && postings.remove(ordinal)) {
				this.nameTerms.remove(token);
				this.nearMisses.remove(token);
				this.stems.remove(token);
			}
		}
		remove(this.connectorTerms, tool.connector(), ordinal);
		remove(this.descriptionTerms, tool.description(), ordinal);
		remove(this.connectorNames, tool.connectorNames(), ordinal);
	}

	private static void add(Map<String, Postings> terms, String[] tokens, int ordinal) {
		for (int i = 0; i < tokens.length; i++) {
			Postings postings = terms.computeIfAbsent(tokens[i], Postings::new);
			tokens[i] = postings.term();
			postings.add(ordinal);
		}
	}

	private static void remove(Map<String, Postings> terms, String[] tokens, int ordinal) {
		for (String token : tokens) {
			Postings postings = terms.get(token);
			if (postings != null && postings.remove(ordinal)) {
				terms.remove(token);
			}
		}
	}

	/**
	 * Scores term {@code t} on every visible tool it matches, directly (R6.3) and through
	 * its verb equivalents at 0.8 (R6.10), keeping the better of the two per tool. R6.10
	 * consults equivalents only where the token matches nothing; keeping the better also
	 * where it matches weakly stops a tool that merely mentions "new" in its description
	 * from ranking below one that reaches "create" through "new" (docs/search.md,
	 * refinement 1). Records in {@link Scratch#named} whether the term reached a name or
	 * connector.
	 * @param compounds whether a name token the term begins may anchor it by continuing
	 * with another of {@code terms} ({@link #compound}); false for statistics that hold
	 * for any query ({@link ViewStatistics}), which {@link #compoundAnchor} completes
	 */
	void collect(List<String> terms, int t, boolean compounds, BitSet visible, Scratch scratch) {
		String token = terms.get(t);
		List<String> others = compounds ? terms : List.of();
		scratch.startTerm(t);
		boolean named = scoreName(token, others, 1f, visible, scratch);
		if (!named) {
			// no name token is this token, begins with it or is it inflected: another
			// inflection of it may be one (watching, watchers)
			for (String inflected : this.stems.of(token)) {
				named |= apply(this.nameTerms.get(inflected), NAME_PREFIX, true, visible, scratch);
			}
		}
		if (!named) {
			// nor that: a near miss may be one (R6.14)
			for (String near : this.nearMisses.of(token, this.nameTerms)) {
				named |= apply(this.nameTerms.get(near), NEAR_MISS, NEAR_MISS_ANCHORS, visible, scratch);
			}
		}
		named |= scoreOther(token, 1f, visible, scratch);
		List<String> equivalents = this.lexicon.equivalents(token);
		if (!equivalents.isEmpty()) {
			scratch.equivalentPass = true;
			for (String equivalent : equivalents) {
				named |= scoreName(equivalent, others, EQUIVALENT, visible, scratch);
				named |= scoreOther(equivalent, EQUIVALENT, visible, scratch);
			}
			scratch.endEquivalents();
		}
		scratch.named[t] |= named;
	}

	/**
	 * What term {@code t} of this query scores, at best, on a visible tool through a name
	 * token it begins that continues with another of the query's terms, and so anchors it
	 * ({@link #compound}); 0 if none. With it, the statistics collected without compounds
	 * are those of {@link #collect} with them.
	 */
	float compoundAnchor(List<String> terms, int t, BitSet visible) {
		String token = terms.get(t);
		float best = compoundAnchor(token, terms, NAME_PREFIX, visible);
		for (String equivalent : this.lexicon.equivalents(token)) {
			best = Math.max(best, compoundAnchor(equivalent, terms, NAME_PREFIX * EQUIVALENT, visible));
		}
		return best;
	}

	private float compoundAnchor(String token, List<String> terms, float value, BitSet visible) {
		if (token.length() < MIN_PREFIX) {
			return 0;
		}
		for (Map.Entry<String, Postings> entry : longer(token).entrySet()) {
			if (compound(entry.getKey(), token.length(), terms) && anyVisible(entry.getValue(), visible)) {
				return value;
			}
		}
		return 0;
	}

	private static boolean anyVisible(Postings postings, BitSet visible) {
		for (int i = 0, n = postings.size(); i < n; i++) {
			if (visible.get(postings.get(i))) {
				return true;
			}
		}
		return false;
	}

	private NavigableMap<String, Postings> longer(String token) {
		return this.nameTerms.subMap(token, false, token + Character.MAX_VALUE, false);
	}

	/**
	 * Scores the token on name tokens: exact, and prefix either way (R6.3). Whether it
	 * reached a name other than through a name token that merely begins it
	 * ({@code custom} of {@code customer}).
	 */
	private boolean scoreName(String token, List<String> terms, float factor, BitSet visible, Scratch scratch) {
		boolean named = apply(this.nameTerms.get(token), EXACT_NAME * factor, true, visible, scratch);
		if (token.length() >= MIN_PREFIX) {
			// name tokens the query token is a prefix of: they anchor it only as a
			// compound of query tokens
			for (Map.Entry<String, Postings> entry : longer(token).entrySet()) {
				named |= apply(entry.getValue(), NAME_PREFIX * factor, compound(entry.getKey(), token.length(), terms),
						visible, scratch);
			}
			// name tokens that are a prefix of the query token: they anchor it only if
			// it is an inflection of one
			for (int end = MIN_PREFIX; end < token.length(); end++) {
				boolean inflection = inflection(token, end);
				named |= apply(this.nameTerms.get(token.substring(0, end)), NAME_PREFIX * factor, inflection, visible,
						scratch) && inflection;
			}
		}
		return named;
	}

	private boolean scoreOther(String token, float factor, BitSet visible, Scratch scratch) {
		boolean named = apply(this.connectorTerms.get(token), CONNECTOR * factor, true, visible, scratch);
		apply(this.descriptionTerms.get(token), DESCRIPTION * factor, true, visible, scratch);
		return named;
	}

	/**
	 * Whether the name token {@code name}, of which the query token is the first
	 * {@code stem} characters, continues with another query token: {@code worklog} for
	 * "log work". Only then does such a match anchor the query token; {@code service} is
	 * only the beginning of {@code services} (docs/search.md, refinement 7).
	 */
	private static boolean compound(String name, int stem, List<String> terms) {
		int rest = name.length() - stem;
		for (int i = 0, n = terms.size(); i < n; i++) {
			String term = terms.get(i);
			if (term.length() == rest && name.startsWith(term, stem)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether the query token {@code query} is the name token of its first {@code stem}
	 * characters with an inflectional ending ({@code blocks} for {@code block},
	 * {@code created} for {@code create}). Only then does such a match anchor the query
	 * token; {@code customer} only begins with {@code custom}, {@code checkout} with
	 * {@code check} (docs/search.md, refinement 7).
	 */
	private static boolean inflection(String query, int stem) {
		int rest = query.length() - stem;
		return switch (rest) {
			case 1 -> query.charAt(stem) == 's' || (query.charAt(stem) == 'd' && query.charAt(stem - 1) == 'e');
			case 2 -> query.startsWith("es", stem) || query.startsWith("ed", stem);
			case 3 -> query.startsWith("ing", stem);
			default -> false;
		};
	}

	/** Offers the score to the visible tools of the postings; whether there was one. */
	private static boolean apply(Postings postings, float value, boolean anchors, BitSet visible, Scratch scratch) {
		if (postings == null) {
			return false;
		}
		if (scratch.probes(postings.size())) {
			scratch.offerFound(postings, value);
			return anyVisible(postings, visible);
		}
		boolean any = false;
		for (int i = 0, n = postings.size(); i < n; i++) {
			int ordinal = postings.get(i);
			if (visible.get(ordinal)) {
				scratch.offer(ordinal, value, anchors);
				any = true;
			}
		}
		return any;
	}

}
