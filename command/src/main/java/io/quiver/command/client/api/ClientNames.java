package io.quiver.command.client.api;

/**
 * Which display names a client may register (SPEC R14.2): the name the consent page and
 * the list of connected clients show a member, so it is plain text of at most
 * {@value #MAX_LENGTH} characters, without control characters (a NUL, which PostgreSQL
 * cannot store; a line break or an escape sequence, which forge lines wherever it is
 * printed) and without invisible formatting characters (bidirectional overrides and
 * zero-width characters, which make a name read as another client's).
 */
public final class ClientNames {

	/** At most this many characters per name. */
	public static final int MAX_LENGTH = 200;

	private ClientNames() {
	}

	/**
	 * Why the name is not acceptable, or null when it is.
	 * @param name the name, stripped; null or empty for none
	 */
	public static String problem(String name) {
		if (name == null) {
			return null;
		}
		if (name.length() > MAX_LENGTH) {
			return "client_name is longer than " + MAX_LENGTH + " characters";
		}
		boolean hidden = name.codePoints()
			.anyMatch((c) -> Character.isISOControl(c) || Character.getType(c) == Character.FORMAT);
		return hidden ? "client_name holds control or invisible formatting characters; send plain text" : null;
	}

}
