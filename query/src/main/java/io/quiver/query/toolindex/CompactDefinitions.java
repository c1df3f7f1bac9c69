package io.quiver.query.toolindex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NumericNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.OperationDefinition;

/**
 * Definitions as the folds keep them: equal to the event's, in less heap. A node holds
 * every organisation's connectors in memory, and a connector's JSON schemas, read back
 * from its stored event, are most of a tool's heap: each object a {@code LinkedHashMap}
 * of sixteen slots whatever its size, and each repeated value ({@code "string"},
 * {@code "object"}) an object of its own. A compact copy sizes each map to its fields and
 * shares equal immutable values (text and numbers) and method names within one definition
 * (docs/scale-out.md, memory).
 * <p>
 * Objects and arrays stay mutable Jackson nodes: code that derives a schema from them
 * copies first ({@code ConnectedTools.entrySchema}), as it did before.
 */
final class CompactDefinitions {

	private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

	/** Equal immutable values of the definition being copied, each kept once. */
	private final Map<JsonNode, JsonNode> values = new HashMap<>();

	private final Map<String, String> methods = new HashMap<>();

	private CompactDefinitions() {
	}

	/** A compact copy of the connector and its operations. */
	static ConnectorDefinition of(ConnectorDefinition connector) {
		return new ConnectorDefinition(connector.id(), connector.label(), connector.kind(), connector.description(),
				connector.baseUrl(), operations(connector.operations()), connector.headers(),
				connector.allowPrivateNetwork(), connector.version(), connector.oauth());
	}

	/** Compact copies of the operations, sharing equal values among them. */
	static List<OperationDefinition> operations(List<OperationDefinition> operations) {
		CompactDefinitions compact = new CompactDefinitions();
		List<OperationDefinition> copies = new ArrayList<>(operations.size());
		for (OperationDefinition operation : operations) {
			copies.add(compact.operation(operation));
		}
		return List.copyOf(copies);
	}

	private OperationDefinition operation(OperationDefinition op) {
		String method = (op.method() != null) ? this.methods.computeIfAbsent(op.method(), (m) -> m) : null;
		return new OperationDefinition(op.name(), op.title(), op.description(), method, op.path(),
				copy(op.inputSchema()), op.parameters(), op.bodyEncoding(), op.graphqlQuery(), op.classification(),
				copy(op.annotations()), copy(op.outputSchema()), op.clientCapabilities());
	}

	private JsonNode copy(JsonNode node) {
		if (node instanceof ObjectNode object) {
			Map<String, JsonNode> fields = sized(object.size());
			object.fields().forEachRemaining((field) -> fields.put(field.getKey(), copy(field.getValue())));
			return new ObjectNode(JSON, fields);
		}
		if (node instanceof ArrayNode array) {
			List<JsonNode> elements = new ArrayList<>(array.size());
			array.elements().forEachRemaining((element) -> elements.add(copy(element)));
			return new ArrayNode(JSON, elements);
		}
		if (node instanceof TextNode || node instanceof NumericNode) {
			return this.values.computeIfAbsent(node, (value) -> value);
		}
		// null, booleans and missing are singletons; anything else is kept as it is
		return node;
	}

	/**
	 * A map whose table holds {@code size} fields without growing: {@code HashMap} rounds
	 * the capacity up to a power of two and, at load factor 1, resizes only past it.
	 */
	private static Map<String, JsonNode> sized(int size) {
		return new LinkedHashMap<>(Math.max(size, 1), 1f);
	}

}
