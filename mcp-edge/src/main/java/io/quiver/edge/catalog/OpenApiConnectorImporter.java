package io.quiver.edge.catalog;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.BodyEncoding;
import io.quiver.command.catalog.api.Classification;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.OAuthSettings;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.catalog.api.ParameterLocation;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.core.util.Yaml;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.servers.Server;
import io.swagger.v3.oas.models.servers.ServerVariable;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.springframework.stereotype.Component;

/**
 * Turns an admin's OpenAPI 3 document into an {@code http} connector (SPEC R4.1, R13
 * {@code catalog.register}). The document is read by swagger-parser-v3, a maintained
 * parser that knows both 3.0 and 3.1, YAML and JSON, and the many shapes real vendor
 * files take; we only map its model.
 * <ul>
 * <li>Base URL: {@code servers[0].url}, variables replaced by their defaults; it must be
 * absolute http(s).</li>
 * <li>Each operation (TRACE excepted, it echoes credentials): name from
 * {@code operationId} in snake_case, or {@code {method}_{path}} when missing, made
 * unique; description from summary and description, bounded; classification from the
 * method (R3.1).</li>
 * <li>Arguments: path, query and header parameters and the properties of a JSON or form
 * request body become one JSON Schema object. A body property whose name a parameter
 * already uses is renamed {@code body_<name>} (the HTTP executor sends it under its own
 * name). Cookie parameters, and the Accept, Content-Type and Authorization headers, are
 * left out.</li>
 * <li>An operation Quiver cannot call faithfully is left out: a required body that is
 * neither JSON nor a form, or not an object, or a required cookie parameter.</li>
 * <li>{@code $ref}s are inlined from the document's components, recursion cut with a
 * note; a {@code $ref} to another document is refused, because registering a document
 * must never make Quiver fetch a URL.</li>
 * </ul>
 */
@Component
public class OpenApiConnectorImporter {

	private static final int MAX_DESCRIPTION = 1000;

	private static final int MAX_PARAMETER_DESCRIPTION = 300;

	private static final int MAX_TITLE = 200;

	private static final int MAX_NAME = 64;

	private static final int MAX_SCHEMA_DEPTH = 32;

	private static final Set<String> IGNORED_HEADERS = Set.of("accept", "content-type", "authorization");

	/**
	 * Imports the document.
	 * @throws IllegalArgumentException with a message saying what to fix when the
	 * document is not OpenAPI 3, has no absolute server URL, no usable operation, or
	 * refers to another document
	 */
	public ConnectorDefinition importDocument(String id, String label, String openApiText,
			boolean allowPrivateNetwork) {
		if (openApiText == null || openApiText.isBlank()) {
			throw new IllegalArgumentException("the OpenAPI document is empty");
		}
		JsonNode raw = readTree(openApiText);
		requireOpenApi3(raw);
		requireNoExternalRefs(raw, "");
		if (!raw.path("servers").isArray() || raw.path("servers").isEmpty()) {
			throw new IllegalArgumentException("the OpenAPI document has no servers; add servers[0].url with the "
					+ "API's absolute base URL (e.g. https://api.example.com/v1)");
		}
		ParseOptions options = new ParseOptions();
		options.setResolve(false);
		SwaggerParseResult result = new OpenAPIV3Parser().readContents(openApiText, null, options);
		OpenAPI api = result.getOpenAPI();
		if (api == null) {
			List<String> messages = (result.getMessages() != null) ? result.getMessages() : List.of();
			throw new IllegalArgumentException("the OpenAPI document cannot be read: "
					+ bounded(String.join("; ", messages.subList(0, Math.min(3, messages.size()))), 500));
		}
		Mapping mapping = new Mapping(api, raw.path("openapi").asText().startsWith("3.1"));
		String baseUrl = baseUrl(api.getServers().get(0));
		List<OperationDefinition> operations = new ArrayList<>();
		Set<String> names = new HashSet<>();
		int skipped = 0;
		if (api.getPaths() != null) {
			for (Map.Entry<String, PathItem> path : api.getPaths().entrySet()) {
				PathItem item = path.getValue();
				for (Map.Entry<PathItem.HttpMethod, Operation> entry : item.readOperationsMap().entrySet()) {
					if (entry.getKey() == PathItem.HttpMethod.TRACE) {
						continue;
					}
					OperationDefinition operation = mapping.operation(path.getKey(), item, entry.getKey().name(),
							entry.getValue(), names);
					if (operation != null) {
						operations.add(operation);
					}
					else {
						skipped++;
					}
				}
			}
		}
		if (operations.isEmpty()) {
			throw new IllegalArgumentException("the OpenAPI document has no usable operations" + ((skipped > 0)
					? " (" + skipped + " left out: their request bodies are neither JSON nor " + "form objects)"
					: "; add paths with operations"));
		}
		String description = (api.getInfo() != null)
				? describe(api.getInfo().getTitle(), api.getInfo().getDescription(), 500) : "";
		return new ConnectorDefinition(id, label, ConnectorKind.HTTP, description, baseUrl, operations, Map.of(),
				allowPrivateNetwork, 1, oauth(raw));
	}

	/**
	 * The OAuth of the document (SPEC R4.5): its first {@code oauth2} security scheme
	 * with an {@code authorizationCode} flow, its {@code authorizationUrl},
	 * {@code tokenUrl} and scopes; PKCE unless the scheme says {@code x-pkce: false},
	 * revocation at {@code x-revocationUrl}. Null when it has none.
	 */
	static OAuthSettings oauth(JsonNode raw) {
		JsonNode schemes = raw.path("components").path("securitySchemes");
		for (JsonNode scheme : schemes) {
			JsonNode flow = scheme.path("flows").path("authorizationCode");
			if (!"oauth2".equals(scheme.path("type").asText()) || !flow.isObject()) {
				continue;
			}
			List<String> scopes = new ArrayList<>();
			flow.path("scopes").fieldNames().forEachRemaining(scopes::add);
			String revocation = flow.hasNonNull("x-revocationUrl") ? flow.get("x-revocationUrl").asText()
					: scheme.hasNonNull("x-revocationUrl") ? scheme.get("x-revocationUrl").asText() : null;
			boolean pkce = !(flow.path("x-pkce").isBoolean() && !flow.path("x-pkce").asBoolean())
					&& !(scheme.path("x-pkce").isBoolean() && !scheme.path("x-pkce").asBoolean());
			return new OAuthSettings(flow.path("authorizationUrl").asText(null), flow.path("tokenUrl").asText(null),
					revocation, scopes, pkce);
		}
		return null;
	}

	/**
	 * Lower-case words joined by one underscore: {@code issues/list-for-repo} →
	 * {@code issues_list_for_repo}.
	 */
	static String snakeCase(String raw) {
		String s = raw.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("([A-Z]+)([A-Z][a-z])", "$1_$2");
		s = s.replaceAll("[^A-Za-z0-9]+", "_").toLowerCase(Locale.ROOT).replaceAll("^_+|_+$", "");
		if (s.isEmpty()) {
			s = "operation";
		}
		return (s.length() <= MAX_NAME) ? s : s.substring(0, MAX_NAME).replaceAll("_+$", "");
	}

	private static JsonNode readTree(String text) {
		try {
			JsonNode tree = Yaml.mapper().readTree(text);
			if (tree == null || !tree.isObject()) {
				throw new IllegalArgumentException("the OpenAPI document is not a JSON or YAML object");
			}
			return tree;
		}
		catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
			throw new IllegalArgumentException("the OpenAPI document is neither valid JSON nor valid YAML (line "
					+ ((ex.getLocation() != null) ? ex.getLocation().getLineNr() : "?") + ")");
		}
	}

	private static void requireOpenApi3(JsonNode raw) {
		if (raw.has("swagger")) {
			throw new IllegalArgumentException("this is a Swagger (OpenAPI " + bounded(raw.path("swagger").asText(), 10)
					+ ") document; Quiver reads OpenAPI 3: convert it (for example with swagger2openapi) and register "
					+ "it again");
		}
		if (!raw.path("openapi").asText("").startsWith("3.")) {
			throw new IllegalArgumentException(
					"not an OpenAPI 3 document: the top-level 'openapi' field must be 3.x (e.g. \"3.0.3\")");
		}
	}

	private static void requireNoExternalRefs(JsonNode node, String at) {
		if (node.isObject()) {
			JsonNode ref = node.get("$ref");
			if (ref != null && ref.isTextual() && !ref.asText().startsWith("#")) {
				throw new IllegalArgumentException("the OpenAPI document refers to another document ($ref '"
						+ bounded(ref.asText(), 120) + "' at " + bounded(at, 120) + "); Quiver never fetches "
						+ "referenced documents: bundle them into one file");
			}
			Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
			while (fields.hasNext()) {
				Map.Entry<String, JsonNode> field = fields.next();
				requireNoExternalRefs(field.getValue(), at + "/" + field.getKey());
			}
		}
		else if (node.isArray()) {
			for (int i = 0; i < node.size(); i++) {
				requireNoExternalRefs(node.get(i), at + "/" + i);
			}
		}
	}

	private static String baseUrl(Server server) {
		String url = (server.getUrl() != null) ? server.getUrl().trim() : "";
		if (server.getVariables() != null) {
			for (Map.Entry<String, ServerVariable> variable : server.getVariables().entrySet()) {
				String value = (variable.getValue() != null) ? variable.getValue().getDefault() : null;
				if (value != null) {
					url = url.replace("{" + variable.getKey() + "}", value);
				}
			}
		}
		URI uri;
		try {
			uri = new URI(url);
		}
		catch (URISyntaxException ex) {
			throw new IllegalArgumentException("servers[0].url '" + bounded(url, 200)
					+ "' is not a valid URL; give the API's absolute base URL, with defaults for any variables");
		}
		if (!uri.isAbsolute() || uri.getHost() == null
				|| !("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))) {
			throw new IllegalArgumentException("servers[0].url '" + bounded(url, 200) + "' is relative or not "
					+ "http(s); Quiver needs the API's absolute base URL (e.g. https://api.example.com/v1)");
		}
		return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
	}

	private static String describe(String summary, String description, int max) {
		String a = (summary != null) ? summary.trim() : "";
		String b = (description != null) ? description.trim() : "";
		String text = a.isEmpty() ? b : b.isEmpty() || b.equals(a) ? a : a + "\n\n" + b;
		return bounded(text, max);
	}

	static String bounded(String text, int max) {
		return (text.length() <= max) ? text : text.substring(0, max - 1) + "…";
	}

	/** The mapping of one document's operations, with its components at hand. */
	private static final class Mapping {

		private final OpenAPI api;

		private final ObjectMapper mapper;

		private final Map<String, JsonNode> schemas = new HashMap<>();

		Mapping(OpenAPI api, boolean openApi31) {
			this.api = api;
			this.mapper = openApi31 ? Json31.mapper() : Json.mapper();
			if (api.getComponents() != null && api.getComponents().getSchemas() != null) {
				api.getComponents().getSchemas().forEach((name, schema) -> this.schemas.put(name, toJson(schema)));
			}
		}

		OperationDefinition operation(String path, PathItem item, String method, Operation operation,
				Set<String> names) {
			ObjectNode properties = JsonNodeFactory.instance.objectNode();
			List<String> required = new ArrayList<>();
			Map<String, ParameterLocation> locations = new LinkedHashMap<>();
			for (Parameter parameter : parameters(item, operation)) {
				String in = (parameter.getIn() != null) ? parameter.getIn().toLowerCase(Locale.ROOT) : "";
				String name = parameter.getName();
				ParameterLocation location = switch (in) {
					case "path" -> ParameterLocation.PATH;
					case "query" -> ParameterLocation.QUERY;
					case "header" ->
						IGNORED_HEADERS.contains(name.toLowerCase(Locale.ROOT)) ? null : ParameterLocation.HEADER;
					default -> null;
				};
				if (location == null) {
					if (in.equals("cookie") && Boolean.TRUE.equals(parameter.getRequired())) {
						return null;
					}
					continue;
				}
				if (locations.containsKey(name)) {
					continue;
				}
				locations.put(name, location);
				properties.set(name, parameterSchema(parameter));
				if (location == ParameterLocation.PATH || Boolean.TRUE.equals(parameter.getRequired())) {
					required.add(name);
				}
			}
			addPathPlaceholders(path, properties, required, locations);
			BodyEncoding encoding = null;
			RequestBody body = resolve(operation.getRequestBody());
			if (body != null && body.getContent() != null && !body.getContent().isEmpty()) {
				boolean bodyRequired = Boolean.TRUE.equals(body.getRequired());
				MediaType media = null;
				for (Map.Entry<String, MediaType> content : body.getContent().entrySet()) {
					String type = content.getKey().toLowerCase(Locale.ROOT);
					if (type.startsWith("application/json") || type.matches("application/[^;]*\\+json.*")) {
						media = content.getValue();
						encoding = BodyEncoding.JSON;
						break;
					}
					if (type.startsWith("application/x-www-form-urlencoded") && media == null) {
						media = content.getValue();
						encoding = BodyEncoding.FORM;
					}
				}
				JsonNode schema = (media != null && media.getSchema() != null) ? inline(toJson(media.getSchema()))
						: null;
				ObjectNode bodyProperties = JsonNodeFactory.instance.objectNode();
				Set<String> bodyRequiredNames = new HashSet<>();
				if (schema == null || !collectObject(schema, bodyProperties, bodyRequiredNames, 0)) {
					if (bodyRequired) {
						return null;
					}
					encoding = null;
				}
				Iterator<Map.Entry<String, JsonNode>> fields = bodyProperties.fields();
				while (fields.hasNext()) {
					Map.Entry<String, JsonNode> field = fields.next();
					String name = locations.containsKey(field.getKey()) ? "body_" + field.getKey() : field.getKey();
					if (locations.containsKey(name)) {
						continue;
					}
					locations.put(name, ParameterLocation.BODY);
					properties.set(name, field.getValue());
					if (bodyRequired && bodyRequiredNames.contains(field.getKey())) {
						required.add(name);
					}
				}
			}
			ObjectNode inputSchema = JsonNodeFactory.instance.objectNode().put("type", "object");
			inputSchema.set("properties", properties);
			if (!required.isEmpty()) {
				ArrayNode list = inputSchema.putArray("required");
				required.forEach(list::add);
			}
			String name = uniqueName((operation.getOperationId() != null && !operation.getOperationId().isBlank())
					? snakeCase(operation.getOperationId()) : snakeCase(method + "_" + path), names);
			String summary = (operation.getSummary() != null) ? bounded(operation.getSummary().trim(), MAX_TITLE)
					: null;
			return new OperationDefinition(name, summary,
					describe(operation.getSummary(), operation.getDescription(), MAX_DESCRIPTION), method, path,
					inputSchema, locations, encoding, null, Classification.ofHttpMethod(method), null);
		}

		/**
		 * Path-level parameters, overridden by the operation's of the same name and
		 * place.
		 */
		private List<Parameter> parameters(PathItem item, Operation operation) {
			Map<String, Parameter> merged = new LinkedHashMap<>();
			for (List<Parameter> list : java.util.Arrays.asList(item.getParameters(), operation.getParameters())) {
				if (list != null) {
					for (Parameter parameter : list) {
						Parameter resolved = resolve(parameter);
						if (resolved != null && resolved.getName() != null) {
							merged.put(resolved.getIn() + ":" + resolved.getName(), resolved);
						}
					}
				}
			}
			return new ArrayList<>(merged.values());
		}

		private JsonNode parameterSchema(Parameter parameter) {
			Schema<?> schema = parameter.getSchema();
			if (schema == null && parameter.getContent() != null && !parameter.getContent().isEmpty()) {
				schema = parameter.getContent().values().iterator().next().getSchema();
			}
			ObjectNode node = (schema != null && inline(toJson(schema)) instanceof ObjectNode object) ? object
					: JsonNodeFactory.instance.objectNode().put("type", "string");
			if (!node.has("description") && parameter.getDescription() != null
					&& !parameter.getDescription().isBlank()) {
				node.put("description", bounded(parameter.getDescription().trim(), MAX_PARAMETER_DESCRIPTION));
			}
			return node;
		}

		/** A path placeholder no parameter declares still needs an argument. */
		private static void addPathPlaceholders(String path, ObjectNode properties, List<String> required,
				Map<String, ParameterLocation> locations) {
			java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("\\{([^{}]+)}").matcher(path);
			while (matcher.find()) {
				String name = matcher.group(1);
				if (locations.get(name) != ParameterLocation.PATH) {
					locations.put(name, ParameterLocation.PATH);
					properties.set(name, JsonNodeFactory.instance.objectNode().put("type", "string"));
					if (!required.contains(name)) {
						required.add(name);
					}
				}
			}
		}

		/**
		 * Gathers an object schema's properties (through {@code allOf}); false when the
		 * schema is not an object with properties.
		 */
		private static boolean collectObject(JsonNode schema, ObjectNode properties, Set<String> required, int depth) {
			boolean found = false;
			if (schema.path("properties").isObject()) {
				schema.path("properties").fields().forEachRemaining((f) -> properties.set(f.getKey(), f.getValue()));
				schema.path("required").forEach((r) -> required.add(r.asText()));
				found = true;
			}
			if (schema.path("allOf").isArray() && depth < 4) {
				for (JsonNode part : schema.path("allOf")) {
					found |= collectObject(part, properties, required, depth + 1);
				}
			}
			return found;
		}

		private Parameter resolve(Parameter parameter) {
			if (parameter == null || parameter.get$ref() == null) {
				return parameter;
			}
			String name = componentName(parameter.get$ref(), "#/components/parameters/");
			return (this.api.getComponents() != null && this.api.getComponents().getParameters() != null)
					? this.api.getComponents().getParameters().get(name) : null;
		}

		private RequestBody resolve(RequestBody body) {
			if (body == null || body.get$ref() == null) {
				return body;
			}
			String name = componentName(body.get$ref(), "#/components/requestBodies/");
			return (this.api.getComponents() != null && this.api.getComponents().getRequestBodies() != null)
					? this.api.getComponents().getRequestBodies().get(name) : null;
		}

		private static String componentName(String ref, String prefix) {
			if (!ref.startsWith(prefix)) {
				throw new IllegalArgumentException("$ref '" + bounded(ref, 120) + "' should point into " + prefix);
			}
			return ref.substring(prefix.length());
		}

		private JsonNode toJson(Schema<?> schema) {
			return this.mapper.convertValue(schema, JsonNode.class);
		}

		private JsonNode inline(JsonNode node) {
			return inline(node, new ArrayDeque<>(), 0);
		}

		/** Replaces schema {@code $ref}s by copies of their targets; recursion is cut. */
		private JsonNode inline(JsonNode node, Deque<String> stack, int depth) {
			if (node.isArray()) {
				ArrayNode copy = JsonNodeFactory.instance.arrayNode();
				node.forEach((item) -> copy.add(inline(item, stack, depth)));
				return copy;
			}
			if (!node.isObject()) {
				return node;
			}
			if (depth > MAX_SCHEMA_DEPTH) {
				return JsonNodeFactory.instance.objectNode().put("description", "(nested too deep to show)");
			}
			JsonNode ref = node.get("$ref");
			if (ref != null && ref.isTextual()) {
				String name = componentName(ref.asText(), "#/components/schemas/");
				JsonNode target = this.schemas.get(name);
				if (target == null) {
					throw new IllegalArgumentException("$ref '" + bounded(ref.asText(), 120) + "' points to no schema");
				}
				if (stack.contains(name)) {
					return JsonNodeFactory.instance.objectNode()
						.put("type", "object")
						.put("description", "(recursive: same shape as " + name + ")");
				}
				stack.push(name);
				JsonNode resolved = inline(target, stack, depth + 1);
				stack.pop();
				ObjectNode merged = resolved.isObject() ? ((ObjectNode) resolved).deepCopy()
						: JsonNodeFactory.instance.objectNode();
				node.fields().forEachRemaining((f) -> {
					if (!f.getKey().equals("$ref")) {
						merged.set(f.getKey(), inline(f.getValue(), stack, depth + 1));
					}
				});
				return merged;
			}
			ObjectNode copy = JsonNodeFactory.instance.objectNode();
			node.fields().forEachRemaining((f) -> copy.set(f.getKey(), inline(f.getValue(), stack, depth + 1)));
			return copy;
		}

		private static String uniqueName(String base, Set<String> names) {
			String name = base;
			for (int n = 2; !names.add(name); n++) {
				String suffix = "_" + n;
				name = ((base.length() + suffix.length() > MAX_NAME) ? base.substring(0, MAX_NAME - suffix.length())
						: base) + suffix;
			}
			return name;
		}

	}

}
