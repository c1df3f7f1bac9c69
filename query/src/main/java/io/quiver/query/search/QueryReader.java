package io.quiver.query.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.quiver.query.search.api.CodePoints;
import io.quiver.query.search.api.QueryContext;

/**
 * Reads a query word by word (SPEC R6.9) into the tokens to search for, before anything
 * is scored. What depends on the index (does a word match a visible tool, is an
 * application connected) is decided by {@link SearchIndex} from the plan.
 */
final class QueryReader {

	/** How many consecutive tokens an application name may span ("google drive"). */
	private static final int MAX_APPLICATION_TOKENS = 3;

	private final Lexicon lexicon;

	QueryReader(Lexicon lexicon) {
		this.lexicon = lexicon;
	}

	/** How a word takes part in the search. */
	enum Kind {

		/**
		 * Joined by underscores, or a hyphenated account label the caller has: names a
		 * tool or an account, every token keeps its full weight (R6.9a, R6.9b).
		 */
		FIRM,
		/**
		 * Searched for if it matches a visible tool, else set aside as an argument value
		 * (R6.9c).
		 */
		TENTATIVE,
		/**
		 * Only numbers, function words or lone letters: set aside before searching
		 * (R6.9c).
		 */
		SET_ASIDE

	}

	/**
	 * One whitespace-separated word and the distinct terms it contributes.
	 *
	 * @param valueShaped punctuation other than a hyphen, an underscore or an apostrophe
	 * joins two of its letters or digits: the shape of an e-mail address, a URL, a path
	 * or a dotted identifier ({@code jane@acme.io}, {@code acme/api},
	 * {@code com.acme:billing})
	 */
	record Word(String text, Kind kind, int[] terms, boolean valueShaped) {
	}

	/**
	 * Consecutive query tokens that name an application.
	 *
	 * @param canonical the squashed canonical name, as connector names are indexed
	 * @param display the name to show the model
	 * @param terms the terms spelling it
	 */
	record Mention(String canonical, String display, int[] terms) {
	}

	/**
	 * The reading of one query.
	 *
	 * @param terms distinct tokens, in order of first appearance
	 * @param words the words, in query order
	 * @param mentions the application names the query spells
	 * @param missingAccount an account the query names that the caller lacks, or null
	 */
	record Plan(List<String> terms, List<Word> words, List<Mention> mentions, String missingAccount) {
	}

	Plan read(String query, QueryContext context) {
		Map<String, Integer> termIndex = new LinkedHashMap<>();
		List<Word> words = new ArrayList<>();
		// tokens that can spell an application, with their term index, in query order
		List<String> stream = new ArrayList<>();
		List<Integer> streamTerms = new ArrayList<>();
		for (String text : query.strip().split("\\s+")) {
			List<String> tokens = Tokens.of(text);
			if (tokens.isEmpty()) {
				continue;
			}
			String account = accountNamed(text, context);
			if (account != null && !context.accountLabels().contains(account)) {
				return new Plan(List.of(), List.of(), List.of(), account);
			}
			Kind kind;
			if (text.indexOf('_') >= 0 || account != null) {
				kind = Kind.FIRM;
			}
			else if (tokens.stream().noneMatch(this::searchable)) {
				kind = Kind.SET_ASIDE;
			}
			else {
				kind = Kind.TENTATIVE;
				// within a word such as PROJ-123, the number (like a function word or a
				// lone letter) is not what the caller is looking for either
				tokens = tokens.stream().filter(this::searchable).toList();
			}
			int[] terms = new int[0];
			if (kind != Kind.SET_ASIDE) {
				terms = tokens.stream()
					.mapToInt((t) -> termIndex.computeIfAbsent(t, (k) -> termIndex.size()))
					.toArray();
				for (int i = 0; i < tokens.size(); i++) {
					stream.add(tokens.get(i));
					streamTerms.add(terms[i]);
				}
			}
			words.add(new Word(text, kind, distinct(terms), valueShaped(text)));
		}
		List<Mention> mentions = mentions(stream, streamTerms, context);
		return new Plan(List.copyOf(termIndex.keySet()), words, mentions, null);
	}

	/**
	 * Whether punctuation other than {@code -}, {@code _} or an apostrophe sits between
	 * two ASCII letters or digits of the word (see {@link Word#valueShaped()}).
	 */
	static boolean valueShaped(String word) {
		for (int i = 1; i + 1 < word.length(); i++) {
			char c = word.charAt(i);
			if (!isAsciiAlphanumeric(c) && c != '-' && c != '_' && c != '\'' && c != '\u2019'
					&& isAsciiAlphanumeric(word.charAt(i - 1)) && isAsciiAlphanumeric(word.charAt(i + 1))) {
				return true;
			}
		}
		return false;
	}

	private static boolean isAsciiAlphanumeric(char c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
	}

	/**
	 * Whether a token of an ordinary word is searched for: not a number, not a function
	 * word, not a lone letter (the {@code s} of {@code what's}). A word with no such
	 * token is set aside whole (R6.9c).
	 */
	private boolean searchable(String token) {
		return token.length() > 1 && !Tokens.isNumber(token) && !this.lexicon.isFunctionWord(token);
	}

	/**
	 * The account label a word names (R6.9b): a hyphenated word (or the part before
	 * {@code __} of an advertised name) that starts with a catalog connector's id and a
	 * hyphen; null if the word names no account.
	 */
	static String accountNamed(String word, QueryContext context) {
		String text = word.toLowerCase(Locale.ROOT);
		int separator = text.indexOf("__");
		if (separator >= 0) {
			text = text.substring(0, separator);
		}
		int start = 0;
		while (start < text.length() && !isLabelChar(text.charAt(start))) {
			start++;
		}
		int end = start;
		while (end < text.length() && isLabelChar(text.charAt(end))) {
			end++;
		}
		while (end > start && text.charAt(end - 1) == '-') {
			end--;
		}
		String label = text.substring(start, end);
		for (int dash = label.indexOf('-'); dash > 0; dash = label.indexOf('-', dash + 1)) {
			if (context.connectorIds().contains(label.substring(0, dash))) {
				return label;
			}
		}
		return null;
	}

	private static boolean isLabelChar(char c) {
		return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
	}

	private List<Mention> mentions(List<String> stream, List<Integer> streamTerms, QueryContext context) {
		Map<String, String> catalog = new HashMap<>();
		for (String name : context.applicationNames()) {
			String squashed = Tokens.squashed(name);
			if (!squashed.isEmpty()) {
				catalog.merge(this.lexicon.canonical(squashed), name, QueryReader::displayName);
			}
		}
		List<Mention> mentions = new ArrayList<>();
		for (int from = 0; from < stream.size(); from++) {
			StringBuilder squashed = new StringBuilder();
			for (int to = from; to < Math.min(stream.size(), from + MAX_APPLICATION_TOKENS); to++) {
				squashed.append(stream.get(to));
				String canonical = this.lexicon.canonical(squashed.toString());
				String display = application(canonical, catalog);
				if (display == null && to > from) {
					// "google sheet" for Google Sheets: a name of several words whose
					// last
					// is a plural is often said in the singular (docs/search.md,
					// refinement 6)
					String plural = this.lexicon.canonical(squashed + "s");
					display = application(plural, catalog);
					canonical = (display != null) ? plural : canonical;
				}
				if (display != null) {
					int[] terms = streamTerms.subList(from, to + 1).stream().mapToInt(Integer::intValue).toArray();
					mentions.add(new Mention(canonical, display, distinct(terms)));
				}
			}
		}
		return mentions;
	}

	private String application(String canonical, Map<String, String> catalog) {
		String display = this.lexicon.application(canonical);
		return (display != null) ? display : catalog.get(canonical);
	}

	/**
	 * Of two catalog names of one application, the one to show: a display label
	 * ({@code Acme CRM}) over an id ({@code acmecrm}), else the first in code point
	 * order, so that the message does not depend on set iteration order.
	 */
	private static String displayName(String a, String b) {
		boolean aIsLabel = !a.equals(Tokens.squashed(a));
		boolean bIsLabel = !b.equals(Tokens.squashed(b));
		if (aIsLabel != bIsLabel) {
			return aIsLabel ? a : b;
		}
		return (CodePoints.compare(a, b) <= 0) ? a : b;
	}

	private static int[] distinct(int[] terms) {
		return Arrays.stream(terms).distinct().toArray();
	}

}
