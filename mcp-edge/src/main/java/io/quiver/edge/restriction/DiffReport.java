package io.quiver.edge.restriction;

import java.util.List;

/**
 * What changed for a member between two instants (SPEC R11.1): tools gained and lost,
 * role and status then and now, and the effective rules at both.
 */
public record DiffReport(String member, String from, String to, List<String> added, List<String> removed,
		String roleBefore, String roleAfter, String statusBefore, String statusAfter, EffectiveReport rulesBefore,
		EffectiveReport rulesAfter) {
}
