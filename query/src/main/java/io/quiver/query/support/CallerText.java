package io.quiver.query.support;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * How a value that came from a caller (a tool name, an argument name, a path, a label
 * that a model or a client chose) is made safe before it reaches a log line, a table or
 * the trail (SPEC R7.9, R10.8). One helper, so that every place cleans alike.
 * <ul>
 * <li><b>Escaped:</b> backslash, CR, LF, tab and NUL as {@code \\ \r \n \t \0}; every
 * other control character (C0, DEL, C1), the line and paragraph separators and the
 * bidirectional overrides as {@code \}{@code uXXXX}; a lone surrogate as
 * {@code \}{@code uXXXX}. The result is one line of printable text that cannot forge a
 * second log line, cannot hold what PostgreSQL refuses to store (NUL, broken UTF-16), and
 * can be read back unambiguously.</li>
 * <li><b>Bounded:</b> past the limit a value keeps a prefix and a marker. For a log line
 * the marker says how long the value was ({@code …[+9800 chars]}); for a stored value it
 * also carries the SHA-256 of the whole value ({@code …[sha256:…]}; in a column of fewer
 * than 82 characters its first 16 hex digits), so two long values that share a prefix
 * stay distinct and a stored name can still be matched to the name a caller sent.</li>
 * </ul>
 */
public final class CallerText {

	/** Characters of a caller's value kept in a log line. */
	public static final int LOG_LIMIT = 200;

	/** Characters of a value kept before the hash when a stored value is cut. */
	private static final int MIN_PREFIX = 8;

	private static final HexFormat HEX = HexFormat.of();

	private CallerText() {
	}

	/**
	 * The value as it may appear in a log line: escaped and cut at {@value #LOG_LIMIT}
	 * characters; {@code null} stays {@code "null"}.
	 */
	public static String log(Object value) {
		if (value == null) {
			return "null";
		}
		String text = value.toString();
		StringBuilder out = new StringBuilder(Math.min(text.length(), LOG_LIMIT) + 24);
		int consumed = escape(text, LOG_LIMIT, out);
		if (consumed < text.length()) {
			out.append("…[+").append(text.length() - consumed).append(" chars]");
		}
		return out.toString();
	}

	/**
	 * The value as it may be stored in a column of {@code max} characters: escaped, and
	 * if the escaped value is longer, a prefix and the SHA-256 of the whole original
	 * value; {@code null} stays null. The result is never longer than {@code max}.
	 */
	public static String stored(String value, int max) {
		if (value == null) {
			return null;
		}
		StringBuilder out = new StringBuilder(Math.min(value.length(), max) + 8);
		if (escape(value, max, out) == value.length()) {
			return out.toString();
		}
		String hash = sha256(value);
		String marker = "…[sha256:" + hash + "]";
		if (max < marker.length() + MIN_PREFIX) {
			// a small column (an id, an account label): the first 64 bits of the hash
			marker = "…[sha256:" + hash.substring(0, 16) + "]";
		}
		if (max < marker.length() + MIN_PREFIX) {
			throw new IllegalArgumentException("a column of " + max + " characters cannot hold a bounded value");
		}
		out.setLength(0);
		escape(value, max - marker.length(), out);
		return out.append(marker).toString();
	}

	/** Whether the value is stored as it is: nothing to escape, no longer than max. */
	public static boolean storable(String value, int max) {
		return value == null || (value.length() <= max && escape(value).equals(value));
	}

	/** The value with every character that could break a line or a column escaped. */
	public static String escape(String text) {
		StringBuilder out = new StringBuilder(text.length() + 16);
		escape(text, Integer.MAX_VALUE, out);
		return out.toString();
	}

	/**
	 * Appends the escaped text, whole characters and whole escapes only, while the output
	 * stays within budget; answers how many characters of the text were written.
	 */
	private static int escape(String text, int budget, StringBuilder out) {
		int limit = out.length() + budget;
		int i = 0;
		while (i < text.length()) {
			char c = text.charAt(i);
			String replacement = replacement(text, i, c);
			String unit = (replacement == null) ? String.valueOf(c)
					: replacement.isEmpty() ? text.substring(i, i + 2) : replacement;
			if (out.length() + unit.length() > limit) {
				break;
			}
			out.append(unit);
			i += (replacement != null && replacement.isEmpty()) ? 2 : 1;
		}
		return i;
	}

	/**
	 * What to write for the character at i: null to keep it, empty for a valid surrogate
	 * pair (kept, both halves), otherwise its escape.
	 */
	private static String replacement(String text, int i, char c) {
		switch (c) {
			case '\\':
				return "\\\\";
			case '\r':
				return "\\r";
			case '\n':
				return "\\n";
			case '\t':
				return "\\t";
			case 0:
				return "\\0";
			default:
				break;
		}
		if (Character.isHighSurrogate(c)) {
			return (i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) ? "" : unicode(c);
		}
		if (Character.isLowSurrogate(c) || c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029'
				|| (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069')) {
			return unicode(c);
		}
		return null;
	}

	private static String unicode(char c) {
		return String.format("\\u%04x", (int) c);
	}

	/** The SHA-256 of the value's UTF-8 bytes (lone surrogates as '?'), in hex. */
	public static String sha256(String value) {
		try {
			return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
