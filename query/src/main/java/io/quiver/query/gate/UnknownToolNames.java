package io.quiver.query.gate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import io.quiver.query.search.api.CodePoints;

/**
 * The in-band answer to an unknown tool name (SPEC R7.4): up to 20 names that do exist,
 * closest first, and the note that the list is filtered by role and scopes.
 */
final class UnknownToolNames {

	static final int MAX_NAMES = 20;

	private UnknownToolNames() {
	}

	static String message(String requested, List<String> visible) {
		List<String> closest = closest(requested, visible);
		StringBuilder text = new StringBuilder("Unknown tool '").append(requested).append("'.");
		if (closest.isEmpty()) {
			text.append(" You can call no tool at all with your role and granted scopes.");
		}
		else {
			text.append(" Tools you can call, closest first: ").append(String.join(", ", closest));
			if (visible.size() > closest.size()) {
				text.append(" (").append(visible.size() - closest.size()).append(" more)");
			}
			text.append('.');
		}
		text.append(" The list is filtered by your role and your granted scopes, so a name you expected may be a "
				+ "permissions gap rather than a typo.");
		return text.toString();
	}

	static List<String> closest(String requested, List<String> visible) {
		String target = requested.toLowerCase(Locale.ROOT);
		List<String> sorted = new ArrayList<>(visible);
		sorted.sort(Comparator.<String>comparingInt((name) -> distance(target, name.toLowerCase(Locale.ROOT)))
			.thenComparing(CodePoints.ORDER));
		return sorted.subList(0, Math.min(MAX_NAMES, sorted.size()));
	}

	/** Levenshtein distance, bounded work for long names. */
	static int distance(String a, String b) {
		if (a.length() > 200 || b.length() > 200) {
			return Math.abs(a.length() - b.length()) + 200;
		}
		int[] previous = new int[b.length() + 1];
		int[] current = new int[b.length() + 1];
		for (int j = 0; j <= b.length(); j++) {
			previous[j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			current[0] = i;
			for (int j = 1; j <= b.length(); j++) {
				int cost = (a.charAt(i - 1) == b.charAt(j - 1)) ? 0 : 1;
				current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
			}
			int[] swap = previous;
			previous = current;
			current = swap;
		}
		return previous[b.length()];
	}

}
