package io.quiver.query.compliance.api;

import java.util.List;

/**
 * What changed for a member between two instants (SPEC R11.1): tools gained and lost,
 * role and status then and now, and the effective rules at both.
 */
public record ReachChangesView(String member, String from, String to, List<String> added, List<String> removed,
		String roleBefore, String roleAfter, String statusBefore, String statusAfter, EffectiveRulesView rulesBefore,
		EffectiveRulesView rulesAfter) {
}
