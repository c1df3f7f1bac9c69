package io.quiver.query.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tokenizer of SPEC R6.1: split on every character outside {@code [A-Za-z0-9]} and on
 * lower to upper case boundaries ({@code getCycles} gives {@code get}, {@code cycles}),
 * then lower-case with {@link Locale#ROOT}, so that the server's locale never changes a
 * token (a Turkish default would otherwise turn {@code I} into a dotless {@code ı}).
 */
public final class Tokens {

	private Tokens() {
	}

	/** The tokens of {@code text}, in order, duplicates kept. */
	public static List<String> of(String text) {
		List<String> tokens = new ArrayList<>();
		int start = -1;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (!isTokenChar(c)) {
				if (start >= 0) {
					tokens.add(lower(text, start, i));
					start = -1;
				}
				continue;
			}
			if (start >= 0 && isUpper(c) && isLower(text.charAt(i - 1))) {
				tokens.add(lower(text, start, i));
				start = i;
			}
			else if (start < 0) {
				start = i;
			}
		}
		if (start >= 0) {
			tokens.add(lower(text, start, text.length()));
		}
		return tokens;
	}

	/** Whether {@code token} is all ASCII digits. */
	static boolean isNumber(String token) {
		if (token.isEmpty()) {
			return false;
		}
		for (int i = 0; i < token.length(); i++) {
			char c = token.charAt(i);
			if (c < '0' || c > '9') {
				return false;
			}
		}
		return true;
	}

	/**
	 * The tokens of {@code text} joined without separator: the form application names are
	 * compared in ({@code Cal.com}, {@code cal-com} and {@code calcom} are one).
	 */
	static String squashed(String text) {
		return String.join("", of(text));
	}

	private static String lower(String text, int from, int to) {
		return text.substring(from, to).toLowerCase(Locale.ROOT);
	}

	private static boolean isTokenChar(char c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
	}

	private static boolean isUpper(char c) {
		return c >= 'A' && c <= 'Z';
	}

	private static boolean isLower(char c) {
		return c >= 'a' && c <= 'z';
	}

}
