package io.quiver.edge.call;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.query.gate.CallerSurface;
import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchHit;
import io.quiver.query.search.api.SearchRequest;
import io.quiver.query.search.api.SearchResult;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.PolicySnapshot;

/**
 * {@code search_tools} (SPEC R5.4, R6): ranks the caller's visible connected tools, never
 * a control-plane operation, and answers bounded rows (R6.7): a row for a tool backed by
 * fifty accounts is not fifty times larger than a row for one.
 */
final class ToolSearch {

	static final int DEFAULT_LIMIT = 10;

	static final int MAX_LIMIT = 50;

	static final int MAX_DESCRIPTION = 1000;

	static final int MAX_ACCOUNTS = 5;

	static final int MAX_SCHEMA_TEXT = 300;

	static final int MAX_ENUM = 25;

	private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

	private ToolSearch() {
	}

	static ToolResult run(PolicySnapshot policy, CallerSurface surface, String query, Integer limit) {
		SearchResult result = rank(policy, surface, query, limit);
		Scope scope = scope(policy, surface);
		Map<String, ConnectedTool> visible = scope.byKey();
		ObjectNode answer = JSON.objectNode();
		ArrayNode rows = answer.putArray("results");
		for (SearchHit hit : result.hits()) {
			ConnectedTool tool = visible.get(hit.key());
			if (tool != null && hit.hasSimilarity()) {
				// both signals (R6.15): the words that matched, and the similarity
				ObjectNode row = row(tool);
				row.set("matched", JSON.arrayNode().addAll(hit.matchedTerms().stream().map(JSON::textNode).toList()));
				row.put("similarity", Math.round(hit.similarity() * 1000) / 1000.0);
				rows.add(row);
			}
			else if (tool != null) {
				rows.add(scope.written(tool));
			}
		}
		ArrayNode setAside = answer.putArray("setAside");
		result.setAside().forEach(setAside::add);
		ArrayNode unmatched = answer.putArray("unmatched");
		result.unmatched().forEach(unmatched::add);
		if (result.missingAccount() != null) {
			answer.put("missingAccount", result.missingAccount());
		}
		if (result.notConnected() != null) {
			answer.put("notConnected", result.notConnected());
		}
		List<String> nearest = result.nearest()
			.stream()
			.filter(visible::containsKey)
			.map((key) -> visible.get(key).name())
			.toList();
		if (!nearest.isEmpty()) {
			nearest.forEach(answer.putArray("nearest")::add);
		}
		if (rows.isEmpty()) {
			answer.put("message", (result.message() != null) ? result.message()
					: "No connected tool you can reach matches this query.");
		}
		return ToolResult.structured(answer);
	}

	/**
	 * The ranking over the caller's visible connected tools, with the caller's accounts,
	 * the catalog's connector ids and application names as query context (R6.9).
	 */
	static SearchResult rank(PolicySnapshot policy, CallerSurface surface, String query, Integer limit) {
		int bounded = (limit == null) ? DEFAULT_LIMIT : Math.max(1, Math.min(MAX_LIMIT, limit));
		return policy.searchIndex()
			.search(new SearchRequest(query, bounded, surface.visible(), scope(policy, surface).context()));
	}

	static Map<String, ConnectedTool> visibleByKey(PolicySnapshot policy, CallerSurface surface) {
		return scope(policy, surface).byKey();
	}

	/**
	 * What every search of one surface shares, derived once per state like the surface
	 * itself (docs/gates.md): the query context and the visible tools by key. Both were
	 * rebuilt over every visible tool and the whole catalog on each search.
	 */
	private static Scope scope(PolicySnapshot policy, CallerSurface surface) {
		return policy.derived(surface.derivedKey(ToolSearch.class), () -> {
			Set<String> accounts = new LinkedHashSet<>();
			Map<String, ConnectedTool> byKey = new HashMap<>();
			for (ConnectedTool tool : surface.connected()) {
				accounts.addAll(tool.accountLabels());
				byKey.put(tool.key(), tool);
			}
			Set<String> connectorIds = new LinkedHashSet<>();
			Set<String> applications = new LinkedHashSet<>();
			for (ConnectorDefinition connector : policy.catalog()) {
				connectorIds.add(connector.id());
				applications.add(connector.id());
				applications.add(connector.label().toLowerCase(Locale.ROOT));
			}
			return new Scope(new QueryContext(Set.copyOf(accounts), Set.copyOf(connectorIds), Set.copyOf(applications)),
					Map.copyOf(byKey), new ConcurrentHashMap<>());
		});
	}

	/**
	 * @param rows the rows answered so far, by tool key, as written JSON
	 * ({@link #written})
	 */
	private record Scope(QueryContext context, Map<String, ConnectedTool> byKey, Map<String, JsonNode> rows) {

		/**
		 * The tool's row as JSON written once per surface and state: an answer holds it
		 * as a raw value, which its text (R12.1) and the response copy as they are.
		 * Building each row's compact schema and writing it twice (for the text, then for
		 * the structured content) was a quarter of a {@code search_tools} call's CPU
		 * under load (docs/BENCHMARKS.md, throughput). Only the rows of tools some search
		 * answered are kept.
		 */
		JsonNode written(ConnectedTool tool) {
			return this.rows.computeIfAbsent(tool.key(),
					(key) -> JSON.rawValueNode(new RawValue(row(tool).toString())));
		}

	}

	static ObjectNode row(ConnectedTool tool) {
		ObjectNode row = JSON.objectNode();
		row.put("name", tool.name());
		row.put("description", bound(tool.description(), MAX_DESCRIPTION));
		row.set("inputSchema", compact(tool.inputSchema(), tool.accountLabels()));
		row.put("connector", tool.connectorLabel());
		if (tool.accountLabels().size() > 1) {
			ArrayNode accounts = row.putArray("accounts");
			tool.accountLabels().stream().limit(MAX_ACCOUNTS).forEach(accounts::add);
			row.put("accountCount", tool.accountLabels().size());
		}
		return row;
	}

	/**
	 * The schema with every description and enum bounded, and the account list of a
	 * merged tool cut to a few examples and a count.
	 */
	static JsonNode compact(JsonNode schema, List<String> accounts) {
		JsonNode copy = schema.deepCopy();
		boundTexts(copy);
		JsonNode connection = copy.path("properties").path(ConnectedTool.CONNECTION_ARGUMENT);
		if (connection instanceof ObjectNode property && accounts.size() > MAX_ACCOUNTS) {
			property.remove("enum");
			property.put("description",
					"Which account to use: one of the " + accounts.size() + " account labels of this tool, e.g. "
							+ String.join(", ", accounts.subList(0, MAX_ACCOUNTS))
							+ ". Search with an account's name to " + "confirm it backs this tool.");
		}
		return copy;
	}

	private static void boundTexts(JsonNode node) {
		if (node instanceof ObjectNode object) {
			for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext();) {
				Map.Entry<String, JsonNode> field = it.next();
				JsonNode value = field.getValue();
				if (value.isTextual() && (field.getKey().equals("description") || field.getKey().equals("title"))) {
					field.setValue(JSON.textNode(bound(value.textValue(), MAX_SCHEMA_TEXT)));
				}
				else if (field.getKey().equals("enum") && value instanceof ArrayNode values
						&& values.size() > MAX_ENUM) {
					ArrayNode kept = JSON.arrayNode();
					for (int i = 0; i < MAX_ENUM; i++) {
						kept.add(values.get(i));
					}
					field.setValue(kept);
				}
				else {
					boundTexts(value);
				}
			}
		}
		else if (node instanceof ArrayNode array) {
			array.forEach(ToolSearch::boundTexts);
		}
	}

	static String bound(String text, int max) {
		if (text == null) {
			return "";
		}
		return (text.length() <= max) ? text : text.substring(0, max - 1) + "…";
	}

}
