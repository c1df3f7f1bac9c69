package io.quiver.edge.console;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;

/**
 * Turns what a form posts into what the services take: lists written one per line (or
 * comma separated), JSON objects, instants. Errors name the field, never its value.
 */
final class Forms {

	private static final ObjectMapper JSON = new ObjectMapper();

	private Forms() {
	}

	/** Non-blank items, one per line or separated by commas. */
	static List<String> items(String written) {
		List<String> items = new ArrayList<>();
		if (written != null) {
			for (String item : written.split("[,\\r\\n]+")) {
				if (!item.isBlank()) {
					items.add(item.strip());
				}
			}
		}
		return items;
	}

	/** A JSON object, or null when blank. */
	static ObjectNode object(String written, String field) {
		if (written == null || written.isBlank()) {
			return null;
		}
		try {
			JsonNode parsed = JSON.readTree(written);
			if (parsed instanceof ObjectNode object) {
				return object;
			}
		}
		catch (JsonProcessingException ex) {
			// answered below, without echoing the text
		}
		throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
				"'" + field + "' must be a JSON object such as {\"folder_id\": \"HR\"}");
	}

	/**
	 * An instant as ISO-8601; a date and time without a zone (what a browser's
	 * {@code datetime-local} posts) is read as UTC. Null when blank.
	 */
	static String instant(String written) {
		if (written == null || written.isBlank()) {
			return null;
		}
		String text = written.strip();
		try {
			return Instant.parse(text).toString();
		}
		catch (DateTimeParseException ex) {
			try {
				return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC).toString();
			}
			catch (DateTimeParseException again) {
				return text;
			}
		}
	}

	static String blankToNull(String text) {
		return (text == null || text.isBlank()) ? null : text.strip();
	}

}
