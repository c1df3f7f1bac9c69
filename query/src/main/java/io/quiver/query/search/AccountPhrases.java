package io.quiver.query.search;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.quiver.query.search.QueryReader.AccountWords;
import io.quiver.query.search.api.QueryContext;

/**
 * Accounts named in plain words (R6.12): {@code the legal notion} or {@code notion legal}
 * for the account {@code notion-legal}, and {@code the hr notion} for an account
 * {@code notion-hr} the caller may lack. Reads the words of one query; a connector's
 * words are compared squashed ({@code google drive} for {@code google-drive}).
 */
final class AccountPhrases {

	/** Words before a plain-word account label ({@code the hr notion}). */
	private static final Set<String> DETERMINERS = Set.of("the", "my", "our", "your", "their", "this", "that", "his",
			"her", "its");

	/** How many words a connector's name may span. */
	private static final int MAX_WORDS = 3;

	private final String[] texts;

	private final QueryContext context;

	/** Squashed connector id to the id; built on first use. */
	private Map<String, String> connectors;

	AccountPhrases(String[] texts, QueryContext context) {
		this.texts = texts;
		this.context = context;
	}

	/**
	 * Indexes of the words that, with the connector words after or before them, spell an
	 * account label the caller has: their tokens keep their full weight, like those of
	 * {@code notion-legal}.
	 */
	Set<Integer> held() {
		if (this.context.accountLabels().stream().noneMatch((label) -> label.indexOf('-') > 0)) {
			return Set.of();
		}
		Set<Integer> found = new HashSet<>();
		for (int w = 0; w < this.texts.length; w++) {
			String qualifier = plainWord(this.texts[w]);
			if (qualifier == null) {
				continue;
			}
			for (int direction : new int[] { 1, -1 }) {
				Run run = connectorRun(w, direction);
				if (run != null && this.context.accountLabels().contains(run.id() + "-" + qualifier)) {
					found.add(w);
					for (int i = Math.min(run.first(), run.last()); i <= Math.max(run.first(), run.last()); i++) {
						found.add(i);
					}
				}
			}
		}
		return found;
	}

	/**
	 * A determiner, a plain word and a connector of the catalog, in that order, where the
	 * caller has no account of the label the two spell. Whether the plain word is a label
	 * or an ordinary word of the request is left to the index.
	 */
	List<AccountWords> lacking(Map<String, Integer> termIndex) {
		List<AccountWords> found = new ArrayList<>();
		for (int w = 1; w + 1 < this.texts.length; w++) {
			if (!DETERMINERS.contains(this.texts[w - 1].toLowerCase(Locale.ROOT))) {
				continue;
			}
			String qualifier = plainWord(this.texts[w]);
			Integer term = (qualifier != null) ? termIndex.get(qualifier) : null;
			Run run = (term != null) ? connectorRun(w, 1) : null;
			if (run == null) {
				continue;
			}
			String connector = run.id();
			String label = connector + "-" + qualifier;
			if (!this.context.accountLabels().contains(label)) {
				long accounts = this.context.accountLabels()
					.stream()
					.filter((l) -> l.equals(connector) || l.startsWith(connector + "-"))
					.count();
				found.add(new AccountWords(label, term, accounts > 1));
			}
		}
		return found;
	}

	/**
	 * Words that spell a catalog connector id.
	 *
	 * @param id the connector id
	 * @param first the index of the word next to the qualifier
	 * @param last the index of the word farthest from it
	 */
	private record Run(String id, int first, int last) {
	}

	/**
	 * The words, from the one next to {@code w} in {@code direction}, that spell a
	 * catalog connector id; null if none.
	 */
	private Run connectorRun(int w, int direction) {
		StringBuilder squashed = new StringBuilder();
		for (int i = w + direction, n = 0; i >= 0 && i < this.texts.length && n < MAX_WORDS; i += direction, n++) {
			String part = Tokens.squashed(this.texts[i]);
			if (direction > 0) {
				squashed.append(part);
			}
			else {
				squashed.insert(0, part);
			}
			String id = connectors().get(squashed.toString());
			if (id != null) {
				return new Run(id, w + direction, i);
			}
		}
		return null;
	}

	private Map<String, String> connectors() {
		if (this.connectors == null) {
			this.connectors = new HashMap<>();
			for (String id : this.context.connectorIds()) {
				this.connectors.putIfAbsent(Tokens.squashed(id), id);
			}
		}
		return this.connectors;
	}

	/** The word lower-cased if it is one plain token of letters and digits, else null. */
	private static String plainWord(String text) {
		String word = text.toLowerCase(Locale.ROOT);
		int start = 0;
		int end = word.length();
		while (start < end && !QueryReader.isAsciiAlphanumeric(word.charAt(start))) {
			start++;
		}
		while (end > start && !QueryReader.isAsciiAlphanumeric(word.charAt(end - 1))) {
			end--;
		}
		word = word.substring(start, end);
		if (word.isEmpty() || Tokens.isNumber(word)) {
			return null;
		}
		for (int i = 0; i < word.length(); i++) {
			if (!QueryReader.isAsciiAlphanumeric(word.charAt(i))) {
				return null;
			}
		}
		return word;
	}

}
