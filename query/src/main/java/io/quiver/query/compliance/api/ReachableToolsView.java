package io.quiver.query.compliance.api;

import java.util.List;

/**
 * The tools a member could reach at an instant (SPEC R11.1), with every scope granted.
 */
public record ReachableToolsView(String member, String at, String role, String status, List<String> tools, int count,
		boolean collapsed) {
}
