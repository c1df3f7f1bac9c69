package io.quiver.query.restriction.api;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.restriction.api.RestrictionErrorCode;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;

/**
 * A restriction as written, {@code {target, allow?, block?}} (SPEC R8): items as strings,
 * not yet pinned. {@code allow} absent or null means no allow rule; {@code allow: []} is
 * an allow rule naming nothing, which denies everything (R8.5). On an update, a field
 * left out keeps its rules and null removes them. Read once, from the body of the REST
 * API or the arguments of the MCP tool ({@link #forCreate}, {@link #forUpdate}) or from
 * the console's form ({@link #of}); the items are pinned into rules by
 * {@code query.gate.RestrictionPins#rules}.
 *
 * @param target {@code role:{ROLE}} or {@code user:{subject}}; null on an update
 * @param allowWritten whether {@code allow} was given (even as null)
 * @param allow the allow items, or null for no allow rule
 * @param blockWritten whether {@code block} was given (even as null)
 * @param block the block items, or null for none
 */
public record RestrictionInput(String target, boolean allowWritten, List<String> allow, boolean blockWritten,
		List<String> block) {

	/**
	 * Both lists as the console's form gives them: no allow rule, or this one; a target
	 * for a create, null for an update.
	 */
	public static RestrictionInput of(String target, boolean allowRule, List<String> allow, List<String> block) {
		if (target != null && target.isBlank()) {
			throw targetRequired();
		}
		return new RestrictionInput(target, true, allowRule ? List.copyOf(allow) : null, true, List.copyOf(block));
	}

	/** A create request's body: {@code target} is required. */
	public static RestrictionInput forCreate(ObjectNode body) {
		JsonNode target = body.get("target");
		if (target == null || !target.isTextual() || target.textValue().isBlank()) {
			throw targetRequired();
		}
		return rules(target.textValue(), body);
	}

	/** An update request's body: only the rules. */
	public static RestrictionInput forUpdate(ObjectNode body) {
		return rules(null, body);
	}

	private static RestrictionInput rules(String target, ObjectNode body) {
		return new RestrictionInput(target, body.has("allow"), items(body.get("allow"), "allow"), body.has("block"),
				items(body.get("block"), "block"));
	}

	private static CommandRejectedException targetRequired() {
		return new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
				"'target' is required: role:{ROLE} or user:{subject}");
	}

	private static List<String> items(JsonNode written, String field) {
		if (written == null || written.isNull()) {
			return null;
		}
		if (!written.isArray()) {
			throw new CommandRejectedException(RestrictionErrorCode.INVALID_ITEM, "'" + field
					+ "' must be a list of items such as \"connector:notion\" or \"tool:notion.search_pages\"");
		}
		List<String> items = new ArrayList<>();
		for (JsonNode item : written) {
			if (!item.isTextual()) {
				throw new CommandRejectedException(RestrictionErrorCode.INVALID_ITEM,
						"every item of '" + field + "' is a string such as \"connector:notion\"");
			}
			items.add(item.textValue());
		}
		return items;
	}

}
