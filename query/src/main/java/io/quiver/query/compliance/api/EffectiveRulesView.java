package io.quiver.query.compliance.api;

import java.util.List;

/**
 * The rules in force for a target or member (SPEC R8.3, R8.4, R11.1).
 *
 * @param about whom the rules are for
 * @param at the instant, or {@code now}
 * @param layer the winning layer: {@code user:{subject}}, {@code role:{ROLE}} or
 * {@code none}
 * @param allowlist whether an allow rule engages the allowlist (an empty one denies
 * everything)
 * @param allow the union of allow items
 * @param block the union of block items
 * @param restrictions the restrictions making up the layer
 */
public record EffectiveRulesView(String about, String at, String layer, boolean allowlist, List<String> allow,
		List<String> block, List<String> restrictions) {
}
