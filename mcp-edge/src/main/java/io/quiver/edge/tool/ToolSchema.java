package io.quiver.edge.tool;

import java.util.Collection;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Builds precise JSON Schema input schemas for control-plane tools: typed properties with
 * descriptions a model can act on, {@code required}, and
 * {@code additionalProperties: false} so a misspelt argument is caught by validation
 * rather than ignored.
 */
public final class ToolSchema {

	private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

	private final ObjectNode schema = JSON.objectNode();

	private final ObjectNode properties;

	private final ArrayNode required;

	private ToolSchema() {
		this.schema.put("type", "object");
		this.properties = this.schema.putObject("properties");
		this.required = JSON.arrayNode();
	}

	public static ToolSchema object() {
		return new ToolSchema();
	}

	public ToolSchema string(String name, String description, boolean required) {
		ObjectNode property = property(name, "string", description, required);
		property.put("minLength", 1);
		return this;
	}

	public ToolSchema text(String name, String description, int maxLength, boolean required) {
		property(name, "string", description, required).put("maxLength", maxLength);
		return this;
	}

	public ToolSchema choice(String name, String description, Collection<String> values, boolean required) {
		ArrayNode allowed = property(name, "string", description, required).putArray("enum");
		values.forEach(allowed::add);
		return this;
	}

	public ToolSchema integer(String name, String description, int minimum, int maximum, boolean required) {
		property(name, "integer", description, required).put("minimum", minimum).put("maximum", maximum);
		return this;
	}

	public ToolSchema bool(String name, String description, boolean required) {
		property(name, "boolean", description, required);
		return this;
	}

	public ToolSchema strings(String name, String description, boolean required) {
		ObjectNode property = property(name, "array", description, required);
		property.putObject("items").put("type", "string").put("minLength", 1);
		return this;
	}

	/** An array of strings that may also be null (null and [] mean different things). */
	public ToolSchema nullableStrings(String name, String description) {
		ObjectNode property = this.properties.putObject(name);
		ArrayNode types = property.putArray("type");
		types.add("array").add("null");
		property.put("description", description);
		property.putObject("items").put("type", "string").put("minLength", 1);
		return this;
	}

	public ToolSchema freeObject(String name, String description, boolean required) {
		property(name, "object", description, required);
		return this;
	}

	public ToolSchema with(String name, ObjectNode propertySchema, boolean required) {
		this.properties.set(name, propertySchema);
		if (required) {
			this.required.add(name);
		}
		return this;
	}

	public ObjectNode build() {
		ObjectNode built = this.schema.deepCopy();
		if (!this.required.isEmpty()) {
			built.set("required", this.required.deepCopy());
		}
		built.put("additionalProperties", false);
		return built;
	}

	private ObjectNode property(String name, String type, String description, boolean required) {
		ObjectNode property = this.properties.putObject(name);
		property.put("type", type);
		property.put("description", description);
		if (required) {
			this.required.add(name);
		}
		return property;
	}

	/**
	 * The credential argument shared by connection operations (SPEC R13: credentials).
	 */
	public static ObjectNode credential() {
		ObjectNode credential = JSON.objectNode();
		credential.put("type", "object");
		credential.put("description", "The account's secret, stored encrypted and never shown again: "
				+ "{type: bearer, token} or {type: header, name, value} or {type: basic, username, password}.");
		ObjectNode properties = credential.putObject("properties");
		ArrayNode types = properties.putObject("type").put("type", "string").putArray("enum");
		types.add("bearer").add("header").add("basic");
		properties.putObject("token").put("type", "string");
		properties.putObject("name").put("type", "string");
		properties.putObject("value").put("type", "string");
		properties.putObject("username").put("type", "string");
		properties.putObject("password").put("type", "string");
		credential.putArray("required").add("type");
		credential.put("additionalProperties", false);
		return credential;
	}

}
