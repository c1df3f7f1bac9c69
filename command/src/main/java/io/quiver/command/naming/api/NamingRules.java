package io.quiver.command.naming.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The naming rules of advertised names (SPEC R4.4): only {@code [A-Za-z0-9_-]}, at most
 * 64 characters, and a shape that keeps the namespaces apart:
 * <ul>
 * <li>connection labels and toolbox names ("prefixes") are lower case, start with a
 * letter or digit, contain no underscore, and are at most 30 characters, so that
 * {@code {prefix}__{operation}} has room and {@code __} separates unambiguously;</li>
 * <li>a toolbox entry's advertised name is either flat (no {@code __}) or starts with its
 * own toolbox's {@code name__};</li>
 * <li>{@code quiver}, {@code search_tools} and {@code execute_tool} belong to
 * Quiver.</li>
 * </ul>
 */
public final class NamingRules {

	public static final int MAX_TOOL_NAME = 64;

	private static final Pattern PREFIX = Pattern.compile("[a-z0-9][a-z0-9-]{0,29}");

	private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

	private NamingRules() {
	}

	/**
	 * The advertised name of {@code operation} under a prefix:
	 * {@code {prefix}__{operation}} with every character outside {@code [A-Za-z0-9_-]}
	 * replaced by {@code _}; a name longer than 64 characters is cut and ends with
	 * {@code -} and six hex digits of a hash of the full name, so that it stays unique
	 * and the same on every node.
	 */
	public static String advertisedName(String prefix, String operation) {
		String full = prefix + "__" + operation.replaceAll("[^A-Za-z0-9_-]", "_");
		if (full.length() <= MAX_TOOL_NAME) {
			return full;
		}
		return full.substring(0, MAX_TOOL_NAME - 7) + "-" + shortHash(prefix + "__" + operation);
	}

	private static String shortHash(String text) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest, 0, 3);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Why the label or toolbox name is not acceptable, or null if it is. */
	public static String prefixProblem(String prefix) {
		if (prefix == null) {
			return "a name is required: 1 to 30 lower-case letters, digits and '-', starting with a letter or digit "
					+ "(e.g. notion-legal)";
		}
		if (!PREFIX.matcher(prefix).matches()) {
			return "'" + prefix + "' is not a valid name: use 1 to 30 lower-case letters, digits and '-', "
					+ "starting with a letter or digit (e.g. notion-legal)";
		}
		if (prefix.equals("quiver")) {
			return "'quiver' is reserved for Quiver's own operations";
		}
		return null;
	}

	/**
	 * Why the advertised name of an entry of {@code toolboxName} is not acceptable, or
	 * null.
	 */
	public static String entryNameProblem(String toolboxName, String advertisedName) {
		if (advertisedName == null || !TOOL_NAME.matcher(advertisedName).matches()) {
			return "advertised name '" + advertisedName
					+ "' is not valid: use 1 to 64 characters of A-Z, a-z, 0-9, '_' and '-'";
		}
		if (advertisedName.equals("search_tools") || advertisedName.equals("execute_tool")
				|| advertisedName.startsWith("quiver__")) {
			return "advertised name '" + advertisedName + "' is reserved for Quiver";
		}
		if (advertisedName.contains("__") && !advertisedName.startsWith(toolboxName + "__")) {
			return "advertised name '" + advertisedName + "' contains '__' but does not start with '" + toolboxName
					+ "__'; '__' separates a connection label or toolbox name from an operation";
		}
		return null;
	}

}
