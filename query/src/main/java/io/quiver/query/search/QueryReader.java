package io.quiver.query.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.quiver.query.search.api.CodePoints;
import io.quiver.query.search.api.QueryContext;

/**
 * Reads a query word by word (SPEC R6.9) into the tokens to search for, before anything
 * is scored. What depends on the index (does a word match a visible tool, is an
 * application connected) is decided by {@link SearchIndex} from the plan.
 */
final class QueryReader {

	/**
	 * How many consecutive words or parts of words an application name may span
	 * ({@code google drive}).
	 */
	private static final int MAX_APPLICATION_WORDS = 3;

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
	 * @param identifier a token of it mixes letters and digits the way identifiers do
	 * ({@code cus_NffrFeUfNV2Hib}, {@code PROJECT-1A2B}, {@code 3f9a2c1}; R6.13)
	 * @param compound for a hyphenated word of letters, the term of its parts joined
	 * ({@code todos} for {@code to-dos}), searched instead of the parts if it reaches a
	 * tool's name; else -1
	 */
	record Word(String text, Kind kind, int[] terms, boolean valueShaped, boolean identifier, int compound) {
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
	 * A word that may name an account in plain words (R6.12): a determiner, then this
	 * word, then a connector of the catalog ({@code the hr notion}), where the caller has
	 * no account of that label. Whether it is one depends on the index: see
	 * {@link SearchIndex}.
	 *
	 * @param label the account label the words would spell ({@code notion-hr})
	 * @param term the term of the qualifying word ({@code hr})
	 * @param severalAccounts whether the caller has more than one account of that
	 * connector: then a qualifier is expected, and a word that is no visible tool's name
	 * token is read as a label; otherwise only a word that matches no visible tool at all
	 */
	record AccountWords(String label, int term, boolean severalAccounts) {
	}

	/**
	 * The reading of one query.
	 *
	 * @param terms distinct tokens, in order of first appearance
	 * @param words the words, in query order
	 * @param mentions the application names the query spells
	 * @param missingAccount an account the query names that the caller lacks, or null
	 * @param accountWords plain words that name an account the caller lacks if the index
	 * says so
	 * @param toolName the query is one word of several tokens ({@code list_incidnets},
	 * {@code getCycleById}): shaped like a tool name
	 */
	record Plan(List<String> terms, List<Word> words, List<Mention> mentions, String missingAccount,
			List<AccountWords> accountWords, boolean toolName) {
	}

	/**
	 * A part of a word as typed, split only on white space, {@code _} and {@code -}
	 * (R6.12), with the terms of its tokens; {@code squashed} is its tokens joined, so
	 * that {@code PostHog} is compared as {@code posthog}, never as {@code post} and
	 * {@code hog}.
	 */
	private record Unit(String squashed, int[] terms) {
	}

	Plan read(String query, QueryContext context) {
		Map<String, Integer> termIndex = new LinkedHashMap<>();
		List<Word> words = new ArrayList<>();
		// the parts of the words that can spell an application, in query order
		List<Unit> units = new ArrayList<>();
		String[] texts = query.strip().split("\\s+");
		AccountPhrases phrases = new AccountPhrases(texts, context);
		Set<Integer> accountWords = phrases.held();
		for (int w = 0; w < texts.length; w++) {
			String text = texts[w];
			List<String> tokens = Tokens.of(text);
			if (tokens.isEmpty()) {
				continue;
			}
			String account = accountNamed(text, context);
			if (account != null && !context.accountLabels().contains(account)) {
				return new Plan(List.of(), List.of(), List.of(), account, List.of(), false);
			}
			Kind kind;
			if (text.indexOf('_') >= 0 || account != null || accountWords.contains(w)) {
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
			int compound = -1;
			if (kind != Kind.SET_ASIDE) {
				terms = tokens.stream()
					.mapToInt((t) -> termIndex.computeIfAbsent(t, (k) -> termIndex.size()))
					.toArray();
				units(text, kind, termIndex, units);
				String joined = compound(text, kind);
				if (joined != null) {
					compound = termIndex.computeIfAbsent(joined, (k) -> termIndex.size());
				}
			}
			words.add(new Word(text, kind, distinct(terms), valueShaped(text), identifier(tokens), compound));
		}
		List<Mention> mentions = mentions(units, context);
		boolean toolName = words.size() == 1 && Tokens.of(words.get(0).text()).size() > 1;
		return new Plan(List.copyOf(termIndex.keySet()), words, mentions, null, phrases.lacking(termIndex), toolName);
	}

	/**
	 * The parts of a hyphenated word of letters joined into one token ({@code to-dos}
	 * gives {@code todos}, {@code sub-task} {@code subtask}), or null: tool names write
	 * such compounds as one word more often than as two.
	 */
	private static String compound(String text, Kind kind) {
		if (kind != Kind.TENTATIVE || text.indexOf('-') < 0) {
			return null;
		}
		StringBuilder joined = new StringBuilder();
		int parts = 0;
		for (String part : text.split("-+")) {
			List<String> tokens = Tokens.of(part);
			if (tokens.size() != 1 || !tokens.get(0).chars().allMatch(Character::isLetter)) {
				if (!tokens.isEmpty()) {
					return null;
				}
				continue;
			}
			joined.append(tokens.get(0));
			parts++;
		}
		return (parts > 1) ? joined.toString() : null;
	}

	/**
	 * The parts of a word, split on {@code _} and {@code -} only, each with the terms of
	 * its tokens. A part with a token that is not searched (a function word, a number) is
	 * no unit: {@code to} of {@code to-dos} spells nothing.
	 */
	private void units(String text, Kind kind, Map<String, Integer> termIndex, List<Unit> units) {
		for (String part : text.split("[_-]+")) {
			List<String> tokens = Tokens.of(part);
			if (tokens.isEmpty()) {
				continue;
			}
			int[] terms = new int[tokens.size()];
			boolean searched = true;
			for (int i = 0; i < terms.length; i++) {
				Integer term = termIndex.get(tokens.get(i));
				searched &= term != null && (kind == Kind.FIRM || searchable(tokens.get(i)));
				terms[i] = (term != null) ? term : -1;
			}
			if (searched) {
				units.add(new Unit(String.join("", tokens), distinct(terms)));
			}
		}
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

	/**
	 * Whether a token mixes letters and digits the way identifiers do (R6.13): letters
	 * and digits alternate at least twice ({@code nv2hib}, {@code 1a2b},
	 * {@code 3f9a2c1}), or a token of eight characters or more holds both
	 * ({@code build20240105}). A word followed by a short number ({@code ec2},
	 * {@code oauth2}, {@code v2}, {@code sha256}) alternates once and is a word.
	 */
	static boolean identifier(List<String> tokens) {
		for (String token : tokens) {
			int alternations = 0;
			boolean letters = false;
			boolean digits = false;
			for (int i = 0; i < token.length(); i++) {
				boolean digit = Character.isDigit(token.charAt(i));
				letters |= !digit;
				digits |= digit;
				if (i > 0 && digit != Character.isDigit(token.charAt(i - 1))) {
					alternations++;
				}
			}
			if (alternations >= 2 || (letters && digits && token.length() >= 8)) {
				return true;
			}
		}
		return false;
	}

	static boolean isAsciiAlphanumeric(char c) {
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

	/**
	 * The application names that runs of one to three adjacent units spell, compared
	 * squashed with the catalog's and the built-in names (R6.9c, R6.12).
	 */
	private List<Mention> mentions(List<Unit> units, QueryContext context) {
		Map<String, String> catalog = new HashMap<>();
		for (String name : context.applicationNames()) {
			String squashed = Tokens.squashed(name);
			if (!squashed.isEmpty()) {
				catalog.merge(this.lexicon.canonical(squashed), name, QueryReader::displayName);
			}
		}
		List<Mention> mentions = new ArrayList<>();
		for (int from = 0; from < units.size(); from++) {
			StringBuilder squashed = new StringBuilder();
			List<Integer> terms = new ArrayList<>();
			for (int to = from; to < Math.min(units.size(), from + MAX_APPLICATION_WORDS); to++) {
				squashed.append(units.get(to).squashed());
				Arrays.stream(units.get(to).terms()).forEach(terms::add);
				String canonical = this.lexicon.canonical(squashed.toString());
				String display = application(canonical, catalog);
				if (display == null && to > from) {
					// "google sheet" for Google Sheets: a name of several words whose
					// last is a plural is often said in the singular (docs/search.md,
					// refinement 6)
					String plural = this.lexicon.canonical(squashed + "s");
					display = application(plural, catalog);
					canonical = (display != null) ? plural : canonical;
				}
				if (display != null) {
					mentions.add(new Mention(canonical, display,
							distinct(terms.stream().mapToInt(Integer::intValue).toArray())));
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
