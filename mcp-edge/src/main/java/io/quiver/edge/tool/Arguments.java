package io.quiver.edge.tool;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;

/**
 * Reads tool arguments that the schema already validated, with errors that name the
 * argument.
 */
public final class Arguments {

	private Arguments() {
	}

	public static String string(ObjectNode arguments, String name) {
		JsonNode value = arguments.get(name);
		if (value == null || value.isNull() || !value.isTextual() || value.textValue().isBlank()) {
			throw invalid(name, "is required and must be a non-empty string");
		}
		return value.textValue();
	}

	public static String optionalString(ObjectNode arguments, String name) {
		JsonNode value = arguments.get(name);
		if (value == null || value.isNull()) {
			return null;
		}
		if (!value.isTextual()) {
			throw invalid(name, "must be a string");
		}
		return value.textValue();
	}

	public static Integer optionalInteger(ObjectNode arguments, String name) {
		JsonNode value = arguments.get(name);
		if (value == null || value.isNull()) {
			return null;
		}
		if (!value.canConvertToInt() || !value.isIntegralNumber()) {
			throw invalid(name, "must be an integer");
		}
		return value.intValue();
	}

	/** A boolean argument, or null if absent; anything but true or false is refused. */
	public static Boolean optionalBoolean(ObjectNode arguments, String name) {
		JsonNode value = arguments.get(name);
		if (value == null || value.isNull()) {
			return null;
		}
		if (!value.isBoolean()) {
			throw invalid(name, "must be true or false");
		}
		return value.booleanValue();
	}

	public static boolean flag(ObjectNode arguments, String name) {
		JsonNode value = arguments.get(name);
		return value != null && value.asBoolean(false);
	}

	public static List<String> strings(ObjectNode arguments, String name) {
		JsonNode value = arguments.get(name);
		if (value == null || value.isNull()) {
			return null;
		}
		if (!value.isArray()) {
			throw invalid(name, "must be an array of strings");
		}
		List<String> list = new ArrayList<>();
		value.forEach((item) -> {
			if (!item.isTextual()) {
				throw invalid(name, "must be an array of strings");
			}
			list.add(item.textValue());
		});
		return list;
	}

	public static ObjectNode object(ObjectNode arguments, String name) {
		JsonNode value = arguments.get(name);
		if (value == null || value.isNull()) {
			return null;
		}
		if (!value.isObject()) {
			throw invalid(name, "must be an object");
		}
		return (ObjectNode) value;
	}

	public static CommandRejectedException invalid(String name, String problem) {
		return new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "argument '" + name + "' " + problem);
	}

}
