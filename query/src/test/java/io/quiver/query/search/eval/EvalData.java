package io.quiver.query.search.eval;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.command.naming.api.NamingRules;
import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchDocument;

/**
 * An evaluation set on the classpath: real tool definitions per application
 * ({@code <base>tools/<app>.json}) and labelled queries ({@code <base>queries.json}).
 * Three sets: {@link #TUNING} ({@code eval/}, the one the ranking was tuned on),
 * {@link #HOLDOUT} ({@code eval/holdout/}, other applications, labelled before Quiver ran
 * on them) and {@link #THIRD} ({@code eval/third/}, other applications again, labelled
 * blind and only ever reported).
 */
public final class EvalData {

	/** One real tool definition of one application. */
	public record Tool(String app, String appLabel, String name, String description) {
	}

	/** One catalog connector. */
	public record Connector(String id, String label) {
	}

	/**
	 * One labelled query.
	 *
	 * @param style the part of the set the query belongs to ({@code keywords},
	 * {@code values}, {@code trap}, ...; the third set's {@code style} field), or the
	 * kind where the set records none
	 * @param connected accounts, each {@code app} (label = app) or {@code label=app}
	 * @param expected advertised names any of which is correct; empty: must be empty
	 */
	public record Query(String id, String kind, String style, String query, List<String> connected,
			List<String> expected) {

		public boolean mustBeEmpty() {
			return this.expected.isEmpty();
		}

	}

	/** The tools one query sees, as advertised to the caller. */
	public record Setup(Map<String, SearchDocument> documents, QueryContext context) {
	}

	/** The set the ranking was tuned on. */
	public static final String TUNING = "eval/";

	/** The held-out set: applications and queries never used for tuning. */
	public static final String HOLDOUT = "eval/holdout/";

	/**
	 * The third set: other applications again, labelled blind, committed before any
	 * ranking change of issue 16; never tuned on, reported only (its README).
	 */
	public static final String THIRD = "eval/third/";

	private static final ObjectMapper JSON = new ObjectMapper();

	/** Classpath directory of this set, ending in {@code /}. */
	final String base;

	public final List<Connector> catalog;

	public final List<Query> queries;

	public final Map<String, List<Tool>> toolsByApp;

	private EvalData(String base, List<Connector> catalog, List<Query> queries, Map<String, List<Tool>> toolsByApp) {
		this.base = base;
		this.catalog = catalog;
		this.queries = queries;
		this.toolsByApp = toolsByApp;
	}

	/** The tuning set. */
	public static EvalData load() {
		return load(TUNING);
	}

	public static EvalData load(String base) {
		JsonNode root = read(base + "queries.json");
		List<Connector> catalog = new ArrayList<>();
		root.get("catalog").forEach((c) -> catalog.add(new Connector(c.get("id").asText(), c.get("label").asText())));
		List<Query> queries = new ArrayList<>();
		Set<String> apps = new LinkedHashSet<>();
		for (JsonNode q : root.get("queries")) {
			List<String> connected = strings(q.get("connected"));
			connected.forEach((account) -> apps.add(app(account)));
			String kind = q.get("kind").asText();
			queries.add(new Query(q.get("id").asText(), kind, q.path("style").asText(kind), q.get("query").asText(),
					connected, strings(q.get("expected"))));
		}
		Map<String, List<Tool>> toolsByApp = new LinkedHashMap<>();
		for (String app : apps) {
			JsonNode file = read(base + "tools/" + app + ".json");
			List<Tool> tools = new ArrayList<>();
			String label = file.get("label").asText();
			file.get("tools")
				.forEach((t) -> tools.add(new Tool(app, label, t.get("name").asText(), t.get("description").asText())));
			toolsByApp.put(app, tools);
		}
		return new EvalData(base, catalog, queries, toolsByApp);
	}

	/**
	 * The sample of the MetaTool benchmark its README names (the queries whose id number
	 * is a multiple of {@code every}), from {@code dir} ({@code tools.jsonl},
	 * {@code queries.jsonl}): one connector {@code metatool}, one account {@code mt}.
	 * Reported only, never tuned on.
	 */
	static EvalData metatool(Path dir, int every) {
		List<Tool> tools = new ArrayList<>();
		for (JsonNode t : jsonLines(dir.resolve("tools.jsonl"))) {
			tools.add(new Tool(METATOOL, "MetaTool", t.get("name").asText(), t.get("description").asText()));
		}
		List<Query> queries = new ArrayList<>();
		for (JsonNode q : jsonLines(dir.resolve("queries.jsonl"))) {
			String id = q.get("id").asText();
			if (Integer.parseInt(id.substring(1)) % every != 0) {
				continue;
			}
			List<String> expected = new ArrayList<>();
			for (JsonNode relevant : q.get("relevant")) {
				String name = relevant.asText();
				expected.add(NamingRules.advertisedName("mt", name.substring(name.indexOf('/') + 1)));
			}
			queries
				.add(new Query(id, "intent", "metatool", q.get("query").asText(), List.of("mt=" + METATOOL), expected));
		}
		return new EvalData(dir + "/", List.of(new Connector(METATOOL, "MetaTool")), queries, Map.of(METATOOL, tools));
	}

	static final String METATOOL = "metatool";

	private static List<JsonNode> jsonLines(Path file) {
		try {
			List<JsonNode> nodes = new ArrayList<>();
			for (String line : Files.readAllLines(file)) {
				if (!line.isBlank()) {
					nodes.add(JSON.readTree(line));
				}
			}
			return nodes;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Where this set lives in the repository. */
	String location() {
		if (external()) {
			return this.base;
		}
		return "query/src/test/resources/" + this.base;
	}

	/** Whether this set is read from a directory outside the repository (MetaTool). */
	boolean external() {
		return this.base.startsWith("/") || this.base.startsWith("..");
	}

	/** Where its tool definitions are, for the report. */
	String toolsPath() {
		return location() + (external() ? "tools.jsonl" : "tools/");
	}

	/** Where its queries are, for the report. */
	String queriesPath() {
		return external() ? location() + "queries.jsonl" : this.base + "queries.json";
	}

	/** Every tool of every application the queries connect. */
	public List<Tool> allTools() {
		return this.toolsByApp.values().stream().flatMap(List::stream).toList();
	}

	Setup setup(Query query) {
		Map<String, SearchDocument> documents = new LinkedHashMap<>();
		Set<String> labels = new LinkedHashSet<>();
		for (String account : query.connected()) {
			String app = app(account);
			String label = account.contains("=") ? account.substring(0, account.indexOf('=')) : account;
			labels.add(label);
			for (Tool tool : this.toolsByApp.get(app)) {
				String name = NamingRules.advertisedName(label, tool.name());
				documents.put(name, new SearchDocument(name, app, tool.appLabel(), tool.description()));
			}
		}
		for (String expected : query.expected()) {
			if (!documents.containsKey(expected)) {
				throw new IllegalStateException(query.id() + ": expected tool " + expected + " is not connected");
			}
		}
		return new Setup(documents, context(labels));
	}

	/**
	 * The query context of a caller with these account labels: the catalog's connectors,
	 * as connector ids and application names.
	 */
	public QueryContext context(Set<String> labels) {
		Set<String> connectorIds = new LinkedHashSet<>();
		Set<String> applicationNames = new LinkedHashSet<>();
		for (Connector connector : this.catalog) {
			connectorIds.add(connector.id());
			applicationNames.add(connector.id());
			applicationNames.add(connector.label());
		}
		return new QueryContext(labels, connectorIds, applicationNames);
	}

	private static String app(String account) {
		return account.contains("=") ? account.substring(account.indexOf('=') + 1) : account;
	}

	private static List<String> strings(JsonNode array) {
		List<String> values = new ArrayList<>();
		array.forEach((v) -> values.add(v.asText()));
		return values;
	}

	private static JsonNode read(String resource) {
		try (InputStream in = EvalData.class.getClassLoader().getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalStateException("missing classpath resource " + resource);
			}
			return JSON.readTree(in);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
