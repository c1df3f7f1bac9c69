package io.quiver.edge.restriction;

import java.util.List;

/**
 * The tools a member could reach at an instant (SPEC R11.1), with every scope granted.
 */
public record ReachReport(String member, String at, String role, String status, List<String> tools, int count,
		boolean collapsed) {
}
