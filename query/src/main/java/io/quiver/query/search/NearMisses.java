package io.quiver.query.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The name tokens one edit away from a query token (R6.14): one character inserted,
 * deleted, substituted, or two adjacent characters swapped ({@code incidnets} for
 * {@code incidents}). Kept as a map from every name token with one character deleted to
 * the tokens that give it (the symmetric-delete scheme), so that a look-up costs about as
 * many hash look-ups as the query token has characters, whatever the size of the index.
 * Mutated only under the index's external write lock; read concurrently.
 */
final class NearMisses {

	/** A query token shorter than this has no near misses (R6.14). */
	static final int MIN_LENGTH = 5;

	/** Name tokens with one character deleted, to the name tokens that give them. */
	private final Map<String, List<String>> deletions = new HashMap<>();

	/** Records a name token that has entered the index. */
	void add(String token) {
		if (token.length() < MIN_LENGTH - 1) {
			return;
		}
		for (String deletion : deletions(token)) {
			List<String> tokens = this.deletions.computeIfAbsent(deletion, (d) -> new ArrayList<>(1));
			if (!tokens.contains(token)) {
				tokens.add(token);
			}
		}
	}

	/** Forgets a name token that has left the index. */
	void remove(String token) {
		if (token.length() < MIN_LENGTH - 1) {
			return;
		}
		for (String deletion : deletions(token)) {
			List<String> tokens = this.deletions.get(deletion);
			if (tokens != null && tokens.remove(token) && tokens.isEmpty()) {
				this.deletions.remove(deletion);
			}
		}
	}

	/**
	 * The name tokens exactly one edit from {@code query}, in a deterministic order;
	 * {@code names} are the index's name tokens (for a deleted character of the query).
	 */
	List<String> of(String query, Map<String, ?> names) {
		if (query.length() < MIN_LENGTH) {
			return List.of();
		}
		Set<String> found = new LinkedHashSet<>();
		// a character missing from the query
		collect(query, this.deletions.get(query), found);
		for (String deletion : deletions(query)) {
			// a character too many in the query
			if (names.containsKey(deletion)) {
				found.add(deletion);
			}
			// a character substituted, or two swapped
			collect(query, this.deletions.get(deletion), found);
		}
		return List.copyOf(found);
	}

	private static void collect(String query, List<String> candidates, Set<String> found) {
		if (candidates == null) {
			return;
		}
		for (String candidate : candidates) {
			if (oneEdit(query, candidate)) {
				found.add(candidate);
			}
		}
	}

	/**
	 * Whether {@code a} and {@code b} differ by exactly one insertion, deletion,
	 * substitution or swap of two adjacent characters.
	 */
	static boolean oneEdit(String a, String b) {
		int la = a.length();
		int lb = b.length();
		if (Math.abs(la - lb) > 1 || a.equals(b)) {
			return false;
		}
		int start = 0;
		while (start < Math.min(la, lb) && a.charAt(start) == b.charAt(start)) {
			start++;
		}
		if (la == lb) {
			if (a.regionMatches(start + 1, b, start + 1, la - start - 1)) {
				return true;
			}
			return start + 1 < la && a.charAt(start) == b.charAt(start + 1) && a.charAt(start + 1) == b.charAt(start)
					&& a.regionMatches(start + 2, b, start + 2, la - start - 2);
		}
		String longer = (la > lb) ? a : b;
		String shorter = (la > lb) ? b : a;
		return longer.regionMatches(start + 1, shorter, start, shorter.length() - start);
	}

	private static List<String> deletions(String token) {
		List<String> deletions = new ArrayList<>(token.length());
		for (int i = 0; i < token.length(); i++) {
			String deletion = token.substring(0, i) + token.substring(i + 1);
			if (!deletions.contains(deletion)) {
				deletions.add(deletion);
			}
		}
		return deletions;
	}

}
