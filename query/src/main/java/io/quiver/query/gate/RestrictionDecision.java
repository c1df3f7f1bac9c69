package io.quiver.query.gate;

import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;

/**
 * What the restriction resolver decided for one tool on one connection, and why (SPEC R8;
 * the answer of {@code quiver__restrictions__explain}).
 *
 * @param allowed whether the tool is reachable
 * @param layer which layer decided: {@code user:{subject}}, {@code role:{ROLE}}, or
 * {@code none} (no rule: allow everything, R8.2)
 * @param stage which stage decided: {@code block}, {@code allowlist}, or {@code default}
 * @param restrictionId the restriction whose item matched, or null
 * @param item the matching item as written, or null
 * @param matchedBy {@code name} or {@code pin} for a matching item, else null
 * @param reason the decision in words
 */
public record RestrictionDecision(boolean allowed, String layer, String stage, String restrictionId, String item,
		String matchedBy, String reason) {

	public Verdict verdict() {
		return this.allowed ? Verdict.allow(Gate.RESTRICTION) : Verdict.deny(Gate.RESTRICTION, this.reason);
	}

}
