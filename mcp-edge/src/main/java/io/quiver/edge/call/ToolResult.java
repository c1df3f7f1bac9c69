package io.quiver.edge.call;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.gate.api.InBandErrors;

/**
 * The result of a {@code tools/call}: content blocks, optional structured content,
 * whether it is an error (in band, SPEC R7.2), and optional metadata.
 */
public record ToolResult(ArrayNode content, JsonNode structuredContent, boolean isError, ObjectNode meta) {

	private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

	/**
	 * A successful result whose structured content is also given as text (SPEC R12.1).
	 */
	public static ToolResult structured(ObjectNode structured) {
		ArrayNode content = JSON.arrayNode();
		content.addObject().put("type", "text").put("text", structured.toString());
		return new ToolResult(content, structured, false, null);
	}

	/** An in-band error whose text says what happened and what to do. */
	public static ToolResult error(String text) {
		ArrayNode content = JSON.arrayNode();
		content.addObject().put("type", "text").put("text", text);
		return new ToolResult(content, null, true, null);
	}

	/**
	 * SPEC R7.9: the database was out of reach; says whether the tool ran, and to retry.
	 */
	public static ToolResult databaseUnavailable(boolean executed) {
		return error(InBandErrors.databaseUnavailable(executed));
	}

	/** The {@code result} object of the JSON-RPC response. */
	public ObjectNode toJson() {
		ObjectNode result = JSON.objectNode();
		result.set("content", this.content);
		if (this.structuredContent != null) {
			result.set("structuredContent", this.structuredContent);
		}
		result.put("isError", this.isError);
		if (this.meta != null && !this.meta.isEmpty()) {
			result.set("_meta", this.meta);
		}
		return result;
	}

}
