package io.quiver.query.gate;

import java.util.List;

import io.quiver.command.restriction.api.RestrictionItem;

/**
 * The rules in force for a subject and role (SPEC R8.3, R8.4): the winning layer and its
 * merged items.
 *
 * @param layer {@code user:{subject}}, {@code role:{ROLE}} or {@code none}
 * @param allowlist whether an allow rule is present, engaging the allowlist (R8.5)
 * @param allow the union of the layer's allow items
 * @param block the union of the layer's block items
 * @param restrictionIds the restrictions that make up the layer
 */
public record EffectiveRestrictions(String layer, boolean allowlist, List<RestrictionItem> allow,
		List<RestrictionItem> block, List<String> restrictionIds) {
}
