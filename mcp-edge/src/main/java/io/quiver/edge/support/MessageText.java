package io.quiver.edge.support;

/**
 * Keeps messages that reach clients short and single-line.
 */
public final class MessageText {

	private MessageText() {
	}

	public static String firstLine(String message) {
		if (message == null) {
			return "";
		}
		String line = message.lines().findFirst().orElse("");
		return (line.length() > 300) ? line.substring(0, 300) + "…" : line;
	}

}
