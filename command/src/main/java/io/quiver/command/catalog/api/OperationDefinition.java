package io.quiver.command.catalog.api;

import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One operation of a connector, as the catalog knows it (SPEC R4.1).
 *
 * @param name operation name, unique within the connector ({@code search_pages})
 * @param title short human title, may be null
 * @param description what the operation does, written for a model
 * @param method HTTP method for {@code http} connectors; null for imported MCP tools
 * @param path path template relative to the connector's base URL
 * ({@code /v1/pages/{page_id}}); null for MCP tools
 * @param inputSchema JSON Schema (an object schema) of the arguments
 * @param parameters where each argument goes for {@code http} operations; arguments not
 * listed go to the JSON body for methods with a body and to the query string otherwise
 * @param bodyEncoding how body arguments are sent; null means JSON
 * @param graphqlQuery the GraphQL document for {@link BodyEncoding#GRAPHQL} operations,
 * else null
 * @param classification read, write, destructive or forbidden (R3.1)
 * @param annotations the upstream MCP tool annotations, null for {@code http} operations
 * @param outputSchema the upstream MCP tool's output schema (SPEC R12.7), or null
 * @param clientCapabilities the client capabilities an upstream MCP server offers the
 * tool only to ({@code sampling}, {@code elicitation}): it asks the client for them while
 * it runs; empty for a tool that needs none
 */
public record OperationDefinition(String name, String title, String description, String method, String path,
		JsonNode inputSchema, Map<String, ParameterLocation> parameters, BodyEncoding bodyEncoding, String graphqlQuery,
		Classification classification, JsonNode annotations, JsonNode outputSchema, Set<String> clientCapabilities) {

	public OperationDefinition(String name, String title, String description, String method, String path,
			JsonNode inputSchema, Map<String, ParameterLocation> parameters, BodyEncoding bodyEncoding,
			String graphqlQuery, Classification classification, JsonNode annotations) {
		this(name, title, description, method, path, inputSchema, parameters, bodyEncoding, graphqlQuery,
				classification, annotations, null, Set.of());
	}

	public OperationDefinition {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("an operation needs a name");
		}
		if (classification == null) {
			throw new IllegalArgumentException("operation '" + name + "' needs a classification");
		}
		parameters = (parameters != null) ? Map.copyOf(parameters) : Map.of();
		clientCapabilities = (clientCapabilities != null) ? Set.copyOf(clientCapabilities) : Set.of();
		// an absent schema reads back from a stored event as a JSON null
		outputSchema = (outputSchema != null && outputSchema.isObject()) ? outputSchema : null;
		description = (description != null) ? description : "";
		bodyEncoding = (bodyEncoding != null) ? bodyEncoding : BodyEncoding.JSON;
		if (bodyEncoding == BodyEncoding.GRAPHQL && (graphqlQuery == null || graphqlQuery.isBlank())) {
			throw new IllegalArgumentException("GraphQL operation '" + name + "' needs its query document");
		}
	}

	public boolean forbidden() {
		return this.classification == Classification.FORBIDDEN;
	}

}
