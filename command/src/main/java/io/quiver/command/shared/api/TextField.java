package io.quiver.command.shared.api;

/**
 * The rule for free text a caller writes into a command (an e-mail, a description, a
 * label): bounded, and free of characters a table or a log line cannot hold (SPEC R7.9).
 * A value that breaks it is refused with {@code invalid-input} naming the field, before
 * anything is stored, instead of overflowing a column later (a 500).
 */
public final class TextField {

	private TextField() {
	}

	/**
	 * Refuses a value longer than max or holding any control character; null passes.
	 * @return the value
	 */
	public static String singleLine(String field, String value, int max) {
		return check(field, value, max, false);
	}

	/**
	 * Refuses a value longer than max or holding a control character other than a line
	 * break or a tab; null passes.
	 * @return the value
	 */
	public static String multiLine(String field, String value, int max) {
		return check(field, value, max, true);
	}

	private static String check(String field, String value, int max, boolean lines) {
		if (value == null) {
			return null;
		}
		if (value.length() > max) {
			throw new InvalidFieldException(field,
					"'" + field + "' is " + value.length() + " characters long; at most " + max + " are allowed");
		}
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			boolean control = c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029';
			boolean allowed = lines && (c == '\n' || c == '\r' || c == '\t');
			boolean broken = Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < value.length()
					&& Character.isLowSurrogate(value.charAt(i + 1)));
			if ((control && !allowed) || broken) {
				throw new InvalidFieldException(field, "'" + field + "' holds the character U+"
						+ String.format("%04X", (int) c) + " at position " + i + "; send plain text");
			}
			if (Character.isHighSurrogate(c) && !broken) {
				i++;
			}
		}
		return value;
	}

}
