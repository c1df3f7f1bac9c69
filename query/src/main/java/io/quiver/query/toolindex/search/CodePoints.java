package io.quiver.query.toolindex.search;

/**
 * Unicode code point order (R6.6): never locale collation, and unlike
 * {@link String#compareTo} never UTF-16 unit order, which sorts a supplementary character
 * below {@code U+E000}..{@code U+FFFF}.
 */
final class CodePoints {

	private CodePoints() {
	}

	static int compare(String a, String b) {
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
