package io.quiver.query.toolbox.api;

import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A toolbox entry as written (SPEC R4.3): operation {@code connector.operation},
 * connections by id or label, an optional advertised name, defaults and frozen values.
 * For an update, a null field keeps the entry's current value.
 */
public record ToolboxEntryInput(String operation, List<String> connections, String name, ObjectNode defaults,
		ObjectNode frozen) {
}
