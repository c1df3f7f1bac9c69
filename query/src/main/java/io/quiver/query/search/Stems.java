package io.quiver.query.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Name tokens that are another inflection of a query token: the same stem of four
 * characters or more with another of a few English endings ({@code watching} and
 * {@code watchers}, {@code categories} and {@code category}, {@code creating} and
 * {@code create}, {@code planning} and {@code plans}). Where one word begins the other a
 * prefix match already meets them; this meets the ones that part before the end. Not a
 * stemmer: a stem is only ever compared with another token's stem, and a bare word is
 * never met with its agent noun ({@code custom} and {@code customer}). Mutated only under
 * the index's external write lock; read concurrently.
 */
final class Stems {

	/** Endings that may be swapped for one another, longest first. */
	private static final List<String> ENDINGS = List.of("ing", "ies", "ers", "es", "ed", "er", "s", "d", "y", "e");

	private static final int MIN_STEM = 4;

	/** One way of reading a token: its stem and the ending it carries. */
	private record Reading(String token, String ending) {
	}

	/** Stem to the name tokens read with it. */
	private final Map<String, List<Reading>> byStem = new HashMap<>();

	/** Records a name token that has entered the index. */
	void add(String token) {
		readings(token).forEach((stem, ending) -> {
			List<Reading> list = this.byStem.computeIfAbsent(stem, (s) -> new ArrayList<>(1));
			Reading reading = new Reading(token, ending);
			if (!list.contains(reading)) {
				list.add(reading);
			}
		});
	}

	/** Forgets a name token that has left the index. */
	void remove(String token) {
		readings(token).forEach((stem, ending) -> {
			List<Reading> list = this.byStem.get(stem);
			if (list != null && list.remove(new Reading(token, ending)) && list.isEmpty()) {
				this.byStem.remove(stem);
			}
		});
	}

	/**
	 * The name tokens that are another inflection of {@code query}, in a stable order.
	 */
	List<String> of(String query) {
		Set<String> found = new LinkedHashSet<>();
		readings(query).forEach((stem, ending) -> {
			for (Reading reading : this.byStem.getOrDefault(stem, List.of())) {
				if (!reading.token().equals(query) && swappable(ending, reading.ending())) {
					found.add(reading.token());
				}
			}
		});
		return List.copyOf(found);
	}

	/**
	 * Whether two endings of one stem make two inflections of one word: never a bare word
	 * and its agent noun ({@code custom}, {@code customer}).
	 */
	private static boolean swappable(String a, String b) {
		if (a.equals(b)) {
			return false;
		}
		return !(bare(a) && agent(b)) && !(bare(b) && agent(a));
	}

	private static boolean bare(String ending) {
		return ending.isEmpty() || ending.equals("e");
	}

	private static boolean agent(String ending) {
		return ending.equals("er") || ending.equals("ers");
	}

	/**
	 * The stems of a token, each with its ending: the token itself with no ending, and
	 * the token less each ending it carries where four characters or more remain
	 * ({@code planning} gives {@code plan} and {@code ing}, a doubled consonant undone).
	 */
	static Map<String, String> readings(String token) {
		Map<String, String> readings = new HashMap<>();
		if (token.length() >= MIN_STEM) {
			readings.put(token, "");
		}
		for (String ending : ENDINGS) {
			if (!token.endsWith(ending)) {
				continue;
			}
			String stem = token.substring(0, token.length() - ending.length());
			int n = stem.length();
			if (n > MIN_STEM && (ending.equals("ing") || ending.startsWith("e"))
					&& stem.charAt(n - 1) == stem.charAt(n - 2) && isConsonant(stem.charAt(n - 1))) {
				stem = stem.substring(0, n - 1);
			}
			if (stem.length() >= MIN_STEM) {
				readings.putIfAbsent(stem, ending);
			}
		}
		return readings;
	}

	private static boolean isConsonant(char c) {
		return c >= 'a' && c <= 'z' && "aeiouy".indexOf(c) < 0;
	}

}
