package io.quiver.query.search.api;

import java.util.Comparator;

/**
 * Orders names by Unicode code point, never by locale collation (SPEC R6.6): a tie-break
 * that decides which tools a model sees must not vary with the server's locale.
 */
public final class CodePoints {

	/**
	 * Code point order. {@link String#compareTo} compares UTF-16 units, which differs
	 * past U+FFFF.
	 */
	public static final Comparator<String> ORDER = CodePoints::compare;

	private CodePoints() {
	}

	/**
	 * Negative, zero or positive as {@code a} comes before, with or after {@code b}.
	 * Where the first unit that differs is no surrogate on either side, UTF-16 order is
	 * code point order there (ties are broken on many equal names: this is most of the
	 * time); otherwise the strings are compared code point by code point.
	 */
	public static int compare(String a, String b) {
		int n = Math.min(a.length(), b.length());
		for (int k = 0; k < n; k++) {
			char ca = a.charAt(k);
			char cb = b.charAt(k);
			if (ca != cb) {
				return (Character.isSurrogate(ca) || Character.isSurrogate(cb)) ? byCodePoint(a, b) : ca - cb;
			}
		}
		return a.length() - b.length();
	}

	private static int byCodePoint(String a, String b) {
		int i = 0;
		int j = 0;
		while (i < a.length() && j < b.length()) {
			int ca = a.codePointAt(i);
			int cb = b.codePointAt(j);
			if (ca != cb) {
				return Integer.compare(ca, cb);
			}
			i += Character.charCount(ca);
			j += Character.charCount(cb);
		}
		return Integer.compare(a.length() - i, b.length() - j);
	}

}
