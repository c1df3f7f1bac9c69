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

	public static int compare(String a, String b) {
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
