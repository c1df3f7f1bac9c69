package io.quiver.benchmarks.system;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * OpenAPI 3 documents of made-up but realistic SaaS APIs, a copy of the test fixture
 * {@code OpenApiDocs}: ten operations per resource (list, get, create, update, delete,
 * search, archive, restore, export, import) with summaries, descriptions and documented
 * parameters about as large as the curated catalog's (roughly 800 bytes per advertised
 * tool). The same arguments give the same document.
 */
final class OpenApiApps {

	/** Operations generated per resource. */
	static final int OPERATIONS_PER_RESOURCE = 10;

	private static final ObjectMapper JSON = new ObjectMapper();

	private OpenApiApps() {
	}

	/**
	 * A document for {@code app} with {@value #OPERATIONS_PER_RESOURCE} operations per
	 * resource, its server at {@code {baseUrl}/{app}}.
	 */
	static String api(String baseUrl, String app, List<String> resources) {
		ObjectNode doc = JSON.createObjectNode();
		doc.put("openapi", "3.0.3");
		doc.putObject("info")
			.put("title", app)
			.put("version", "1")
			.put("description", "The " + app + " API: " + String.join(", ", plural(resources)) + ".");
		doc.putArray("servers").addObject().put("url", baseUrl + "/" + app.toLowerCase());
		ObjectNode paths = doc.putObject("paths");
		for (String resource : resources) {
			String collection = "/" + plural(resource);
			String item = collection + "/{" + resource + "_id}";
			ObjectNode list = paths.putObject(collection);
			list.set("get", operation(app, resource, "list", "List " + plural(resource),
					"Returns the " + plural(resource) + " of the workspace, newest first, one page at a time. Use "
							+ "the cursor of a page to get the next one; filter by owner or by update time.",
					List.of(query("limit", "integer", "How many " + plural(resource) + " to return (1-100)."),
							query("cursor", "string", "The cursor returned by the previous page, to continue."),
							query("owner_id", "string", "Only " + plural(resource) + " owned by this user."),
							query("updated_since", "string", "Only those changed after this ISO 8601 time.")),
					null));
			list.set("post", operation(app, resource, "create", "Create a " + resource,
					"Creates a " + resource + " in the workspace and returns it with its id. Fields not given take "
							+ "the workspace defaults; the caller becomes its owner unless owner_id is set.",
					List.of(), body(resource, true)));
			ObjectNode single = paths.putObject(item);
			single.set("get", operation(app, resource, "get", "Get a " + resource,
					"Returns one " + resource + " by its id, with every field, its owner and the time it was last "
							+ "changed. Archived " + plural(resource) + " are returned too, marked as such.",
					List.of(path(resource), query("expand", "string", "Comma-separated related objects to embed.")),
					null));
			single.set("patch",
					operation(app, resource, "update", "Update a " + resource,
							"Changes the given fields of a " + resource + " and leaves the others as they are. Returns "
									+ "the " + resource + " as it is after the change.",
							List.of(path(resource)), body(resource, false)));
			single.set("delete",
					operation(app, resource, "delete", "Delete a " + resource,
							"Deletes a " + resource + " for good, with its history. This cannot be undone; archive it "
									+ "instead to keep it restorable.",
							List.of(path(resource)), null));
			paths.putObject(collection + "/search")
				.set("post",
						operation(app, resource, "search", "Search " + plural(resource),
								"Full-text search over the " + plural(resource) + " the caller can see, ranked by "
										+ "relevance. Matches titles first, then the body text.",
								List.of(), searchBody()));
			paths.putObject(item + "/archive")
				.set("post",
						operation(app, resource, "archive", "Archive a " + resource,
								"Archives a " + resource
										+ ": it disappears from lists and searches but keeps its data and "
										+ "can be restored later.",
								List.of(path(resource)), null));
			paths.putObject(item + "/restore")
				.set("post",
						operation(app, resource, "restore", "Restore a " + resource,
								"Restores an archived " + resource + " to where it was, with its owner and fields.",
								List.of(path(resource)), null));
			paths.putObject(item + "/export")
				.set("get", operation(app, resource, "export", "Export a " + resource,
						"Exports a " + resource + " as a document in the requested format, for download or "
								+ "for sharing outside the workspace.",
						List.of(path(resource),
								query("format", "string", "One of pdf, markdown or html (default markdown).")),
						null));
			paths.putObject(collection + "/import")
				.set("post", operation(app, resource, "import", "Import " + plural(resource),
						"Creates " + plural(resource) + " from a CSV or JSON file at a URL the workspace can reach. "
								+ "Rows that fail validation are reported and skipped.",
						List.of(), importBody()));
		}
		return doc.toString();
	}

	private static ObjectNode operation(String app, String resource, String verb, String summary, String description,
			List<ObjectNode> parameters, ObjectNode body) {
		ObjectNode operation = JSON.createObjectNode();
		String noun = switch (verb) {
			case "list", "search", "import" -> plural(resource);
			default -> resource;
		};
		operation.put("operationId", verb + "_" + noun);
		operation.put("summary", summary);
		operation.put("description", description + " (" + app + ")");
		if (!parameters.isEmpty()) {
			ArrayNode array = operation.putArray("parameters");
			parameters.forEach(array::add);
		}
		if (body != null) {
			operation.putObject("requestBody")
				.put("required", true)
				.putObject("content")
				.putObject("application/json")
				.set("schema", body);
		}
		operation.putObject("responses").putObject("200").put("description", "ok");
		return operation;
	}

	private static ObjectNode path(String resource) {
		ObjectNode parameter = JSON.createObjectNode();
		parameter.put("name", resource + "_id");
		parameter.put("in", "path");
		parameter.put("required", true);
		parameter.put("description", "The id of the " + resource + ", as returned when it was created or listed.");
		parameter.putObject("schema").put("type", "string");
		return parameter;
	}

	private static ObjectNode query(String name, String type, String description) {
		ObjectNode parameter = JSON.createObjectNode();
		parameter.put("name", name);
		parameter.put("in", "query");
		parameter.put("description", description);
		parameter.putObject("schema").put("type", type);
		return parameter;
	}

	private static ObjectNode body(String resource, boolean create) {
		ObjectNode schema = JSON.createObjectNode();
		schema.put("type", "object");
		if (create) {
			schema.putArray("required").add("title");
		}
		ObjectNode properties = schema.putObject("properties");
		properties.putObject("title").put("type", "string").put("description", "The " + resource + "'s title.");
		properties.putObject("body")
			.put("type", "string")
			.put("description", "The text of the " + resource + ", in Markdown.");
		properties.putObject("owner_id")
			.put("type", "string")
			.put("description", "The user who owns the " + resource + ".");
		properties.putObject("tags")
			.put("type", "array")
			.put("description", "Labels to file it under.")
			.putObject("items")
			.put("type", "string");
		return schema;
	}

	private static ObjectNode searchBody() {
		ObjectNode schema = JSON.createObjectNode();
		schema.put("type", "object");
		schema.putArray("required").add("query");
		ObjectNode properties = schema.putObject("properties");
		properties.putObject("query").put("type", "string").put("description", "The words to look for.");
		properties.putObject("limit").put("type", "integer").put("description", "At most this many results.");
		return schema;
	}

	private static ObjectNode importBody() {
		ObjectNode schema = JSON.createObjectNode();
		schema.put("type", "object");
		schema.putArray("required").add("url");
		ObjectNode properties = schema.putObject("properties");
		properties.putObject("url").put("type", "string").put("description", "Where the file to import is.");
		properties.putObject("format").put("type", "string").put("description", "csv or json (default csv).");
		return schema;
	}

	private static String plural(String resource) {
		return resource.endsWith("s") ? resource + "es" : resource.endsWith("y") && !resource.endsWith("ey")
				? resource.substring(0, resource.length() - 1) + "ies" : resource + "s";
	}

	private static List<String> plural(List<String> resources) {
		return resources.stream().map(OpenApiApps::plural).toList();
	}

}
