package io.quiver.command.restriction.api;

import java.util.List;

/**
 * The rules of one restriction (SPEC R8). {@code allow == null} means there is no allow
 * rule; {@code allow} empty means an allow rule naming nothing, which denies everything
 * (R8.5).
 *
 * @param allow pinned allow items, or null for "no allow rule"
 * @param block pinned block items, never null
 */
public record RestrictionRules(List<RestrictionItem> allow, List<RestrictionItem> block) {

	public RestrictionRules {
		allow = (allow != null) ? List.copyOf(allow) : null;
		block = (block != null) ? List.copyOf(block) : List.of();
	}

	public boolean hasAllowRule() {
		return this.allow != null;
	}

}
