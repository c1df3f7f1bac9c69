package io.quiver.query.compliance.api;

import java.util.List;

/**
 * Why a tool is or is not reachable for a member (SPEC R8,
 * {@code quiver__restrictions__explain}).
 *
 * @param member the member's subject
 * @param role the member's role then
 * @param tool the advertised tool name
 * @param at the instant, or {@code now}
 * @param reachable whether every gate lets the member reach it (with every scope)
 * @param deniedBy the gate that withholds it, or null
 * @param reason the decision in words
 * @param connections the restriction decision for each account backing the tool
 */
public record ToolDecisionView(String member, String role, String tool, String at, boolean reachable, String deniedBy,
		String reason, List<ConnectionDecision> connections) {

	/**
	 * The restriction decision for one account: which layer and stage decided, which item
	 * of which restriction matched, by name or by pin.
	 */
	public record ConnectionDecision(String account, boolean allowed, String layer, String stage, String restrictionId,
			String item, String matchedBy, String reason) {
	}

}
