package io.quiver.query.toolindex.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.naming.api.NamingRules;
import io.quiver.command.toolbox.api.ToolboxEntry;

/**
 * Builds advertised connected tools (SPEC R4.2, R4.3): names, scaffolding in
 * descriptions, and schemas with frozen keys stripped and a {@code connection} argument
 * for merged tools.
 */
public final class ConnectedTools {

	/** Past this many accounts the scaffolding ends with {@code (+N more)} (R4.3). */
	static final int SCAFFOLD_ACCOUNTS = 3;

	private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

	/**
	 * The defaults and frozen parameters of every account tool (it has neither): one
	 * empty object shared by all of them, read-only, so that an attempt to change it
	 * fails instead of changing every tool; readers that build on it copy it first
	 * ({@code FrozenMergeGate}). Two empty objects per tool were 160 bytes of its heap.
	 */
	static final ObjectNode NONE = new ObjectNode(JSON, Collections.emptyMap());

	private ConnectedTools() {
	}

	public static String accountKey(String connectionId, String operation) {
		return "c:" + connectionId + ":" + operation;
	}

	public static String entryKey(String toolboxId, String entryId) {
		return "e:" + toolboxId + ":" + entryId;
	}

	public static ConnectedTool account(String connectionId, String label, String ownerMemberId, String connectorId,
			String connectorLabel, OperationDefinition operation) {
		return new ConnectedTool(accountKey(connectionId, operation.name()),
				NamingRules.advertisedName(label, operation.name()), ConnectedTool.Kind.ACCOUNT, connectorId,
				connectorLabel, operation, List.of(connectionId), List.of(label), ownerMemberId, null, null, NONE, NONE,
				operation.description(), objectSchema(operation.inputSchema()));
	}

	public static ConnectedTool entry(String toolboxId, ToolboxEntry entry, String connectorLabel,
			OperationDefinition operation, List<String> connectionIds, List<String> labels) {
		ObjectNode defaults = (entry.defaults() != null) ? entry.defaults() : JSON.objectNode();
		ObjectNode frozen = (entry.frozen() != null) ? entry.frozen() : JSON.objectNode();
		return new ConnectedTool(entryKey(toolboxId, entry.entryId()), entry.advertisedName(), ConnectedTool.Kind.ENTRY,
				entry.operation().connectorId(), connectorLabel, operation, List.copyOf(connectionIds),
				List.copyOf(labels), null, toolboxId, entry.entryId(), defaults, frozen,
				describe(operation.description(), labels, frozen),
				entrySchema(operation.inputSchema(), labels, frozen, defaults));
	}

	/**
	 * The same tool as seen by a caller who may reach only some of its connections: the
	 * scaffolding and the {@code connection} argument list only those.
	 */
	public static ConnectedTool narrowedTo(ConnectedTool tool, List<String> connectionIds) {
		if (connectionIds.equals(tool.connectionIds()) || tool.kind() == ConnectedTool.Kind.ACCOUNT) {
			return tool;
		}
		List<String> labels = new ArrayList<>();
		for (String id : connectionIds) {
			labels.add(tool.accountLabels().get(tool.connectionIds().indexOf(id)));
		}
		return new ConnectedTool(tool.key(), tool.name(), tool.kind(), tool.connectorId(), tool.connectorLabel(),
				tool.operation(), List.copyOf(connectionIds), List.copyOf(labels), tool.ownerMemberId(),
				tool.toolboxId(), tool.entryId(), tool.defaults(), tool.frozen(),
				describe(tool.operation().description(), labels, tool.frozen()),
				entrySchema(tool.operation().inputSchema(), labels, tool.frozen(), tool.defaults()));
	}

	/**
	 * The description with its generated scaffolding: {@code [a / b, set connection]} for
	 * a merged tool (past three accounts {@code [a / b / c (+2 more), set connection]})
	 * and {@code (frozen: folder_id=HR)} for frozen parameters.
	 */
	public static String describe(String description, List<String> labels, ObjectNode frozen) {
		StringBuilder text = new StringBuilder((description != null) ? description.strip() : "");
		if (labels.size() > 1) {
			List<String> shown = labels.subList(0, Math.min(SCAFFOLD_ACCOUNTS, labels.size()));
			text.append(text.isEmpty() ? "" : " ").append('[').append(String.join(" / ", shown));
			if (labels.size() > SCAFFOLD_ACCOUNTS) {
				text.append(" (+").append(labels.size() - SCAFFOLD_ACCOUNTS).append(" more)");
			}
			text.append(", set connection]");
		}
		if (frozen != null && !frozen.isEmpty()) {
			List<String> pairs = new ArrayList<>();
			for (Iterator<Map.Entry<String, JsonNode>> it = frozen.fields(); it.hasNext();) {
				Map.Entry<String, JsonNode> field = it.next();
				pairs.add(field.getKey() + "="
						+ (field.getValue().isTextual() ? field.getValue().textValue() : field.getValue().toString()));
			}
			text.append(text.isEmpty() ? "" : " ").append("(frozen: ").append(String.join(", ", pairs)).append(')');
		}
		return text.toString();
	}

	/**
	 * The advertised schema of an entry: frozen keys stripped (properties and
	 * {@code required}), keys with a default no longer required (the default is shown),
	 * and a required {@code connection} argument listing the accounts when more than one
	 * backs it.
	 */
	public static ObjectNode entrySchema(JsonNode operationSchema, List<String> labels, ObjectNode frozen,
			ObjectNode defaults) {
		ObjectNode schema = objectSchema(operationSchema).deepCopy();
		if (defaults != null && !defaults.isEmpty()) {
			ObjectNode properties = (schema.get("properties") instanceof ObjectNode p) ? p : null;
			ArrayNode required = (schema.get("required") instanceof ArrayNode r) ? r : null;
			for (Iterator<Map.Entry<String, JsonNode>> it = defaults.fields(); it.hasNext();) {
				Map.Entry<String, JsonNode> field = it.next();
				if (properties != null && properties.get(field.getKey()) instanceof ObjectNode property) {
					property.set("default", field.getValue().deepCopy());
				}
				if (required != null) {
					for (int i = required.size() - 1; i >= 0; i--) {
						if (field.getKey().equals(required.get(i).asText())) {
							required.remove(i);
						}
					}
				}
			}
		}
		if (frozen != null && !frozen.isEmpty()) {
			ObjectNode properties = (schema.get("properties") instanceof ObjectNode p) ? p : null;
			ArrayNode required = (schema.get("required") instanceof ArrayNode r) ? r : null;
			for (Iterator<String> it = frozen.fieldNames(); it.hasNext();) {
				String key = it.next();
				if (properties != null) {
					properties.remove(key);
				}
				if (required != null) {
					for (int i = required.size() - 1; i >= 0; i--) {
						if (key.equals(required.get(i).asText())) {
							required.remove(i);
						}
					}
				}
			}
		}
		if (labels.size() > 1) {
			ObjectNode properties = schema.withObjectProperty("properties");
			ObjectNode connection = JSON.objectNode();
			connection.put("type", "string");
			connection.put("description", "Which account to use: one of " + String.join(", ", labels) + ".");
			ArrayNode allowed = connection.putArray("enum");
			labels.forEach(allowed::add);
			properties.set(ConnectedTool.CONNECTION_ARGUMENT, connection);
			ArrayNode required = (schema.get("required") instanceof ArrayNode r) ? r : schema.putArray("required");
			required.add(ConnectedTool.CONNECTION_ARGUMENT);
		}
		return schema;
	}

	/**
	 * The operation's schema, or the empty object schema when it has none (MCP requires
	 * one).
	 */
	public static ObjectNode objectSchema(JsonNode schema) {
		if (schema instanceof ObjectNode object && !object.isEmpty()) {
			return object;
		}
		ObjectNode empty = JSON.objectNode();
		empty.put("type", "object");
		return empty;
	}

}
