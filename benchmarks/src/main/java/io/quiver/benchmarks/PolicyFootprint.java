package io.quiver.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.Classification;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.ConnectorRegisteredEvent;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.catalog.api.ParameterLocation;
import io.quiver.command.member.api.Role;
import io.quiver.query.toolindex.PolicyFixture;

/**
 * Heap of the live policy state (issue 18, docs/scale-out.md): per organisation and per
 * visible tool. Organisations are folded by the live fold ({@code OrgState}, through
 * {@link PolicyFixture}) from their events: created, 10 members, one connector of its own
 * with {@code tools} operations (distinct names, descriptions and schemas, as a custom
 * connector has) and one connection on it, so each operation is a visible connected tool
 * with its search index entry. The connector's event is read back from its stored JSON
 * first, as a node folds it after a replay or a catch-up. Live heap is measured after
 * collections, for organisations without tools and with 100 and 500, and the differences
 * give bytes per organisation and per tool. The semantic signal is off (its cost per tool
 * is {@link SemanticFootprint}'s).
 * <p>
 * Run:
 * {@code java -Xmx4g -cp benchmarks/target/benchmarks.jar io.quiver.benchmarks.PolicyFootprint};
 * at one size, whole ({@code 10000 500}: organisations and tools each), it folds them and
 * reports the live heap they take in the heap it is given, or fails for want of it.
 */
public final class PolicyFootprint {

	private static final int MEMBERS = 10;

	/** The section of docs/BENCHMARKS.md this writes. */
	private static final String HEADING = "## Memory: heap per organisation and per tool";

	/**
	 * As {@code AxonConfiguration.storageMapper()} writes and reads events (less its time
	 * module: the connector's event holds no instant).
	 */
	private static final ObjectMapper STORED = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.build();

	private PolicyFootprint() {
	}

	public static void main(String[] args) {
		List<String> sizes = new ArrayList<>(List.of(args));
		Path doc = null;
		int at = sizes.indexOf("--doc");
		if (at >= 0) {
			if (at + 1 == sizes.size()) {
				throw new IllegalArgumentException(
						"--doc needs the path of the file to write, e.g. docs/BENCHMARKS.md");
			}
			doc = Path.of(sizes.get(at + 1));
			sizes.subList(at, at + 2).clear();
		}
		int orgs = sizes.isEmpty() ? 200 : Integer.parseInt(sizes.get(0));
		// warm the classes and the shared curated catalog up
		organisations(5, 10);
		StringBuilder report = new StringBuilder();
		String subheading;
		if (sizes.size() > 1) {
			// one size only, at full scale: does it fit the heap it is given?
			int tools = Integer.parseInt(sizes.get(1));
			long with = measure(orgs, tools);
			subheading = "### At full scale: one node's heap";
			report.append(String.format(Locale.ROOT,
					"`java -Xmx%dg -cp benchmarks/target/benchmarks.jar io.quiver.benchmarks.PolicyFootprint %d %d`%n%n"
							+ "%,d organisations × %,d tools folded: **%.2f GB live** in a heap of at most %.2f GB "
							+ "(%,.0f bytes per tool, organisations included).%n",
					Math.round(Runtime.getRuntime().maxMemory() / (double) (1L << 30)), orgs, tools, orgs, tools,
					with / 1e9, Runtime.getRuntime().maxMemory() / 1e9, (double) with / ((long) orgs * tools)));
		}
		else {
			long empty = measure(orgs, 0);
			subheading = "### Per organisation and per tool";
			report.append(String.format(Locale.ROOT,
					"`java -Xmx4g -cp benchmarks/target/benchmarks.jar io.quiver.benchmarks.PolicyFootprint %d`%n%n"
							+ "| what | heap |%n|---|---|%n| an organisation with %d members and no tools | %,.0f bytes |%n",
					orgs, MEMBERS, (double) empty / orgs));
			for (int tools : new int[] { 100, 500 }) {
				long with = measure(orgs, tools);
				report.append(String.format(Locale.ROOT,
						"| %d organisations × %d tools | %.1f MB: %,.0f bytes per tool beyond the organisations |%n",
						orgs, tools, with / 1e6, (double) (with - empty) / ((long) orgs * tools)));
			}
		}
		System.out.print(report);
		if (doc != null) {
			Markdown.replaceSubsection(doc, HEADING, subheading, Markdown.machine() + "\n\n" + report);
		}
	}

	private static long measure(int orgs, int tools) {
		long base = used();
		List<PolicyFixture> kept = organisations(orgs, tools);
		long bytes = used() - base;
		if (kept.size() != orgs || kept.get(orgs - 1).snapshot().tools().size() != tools) {
			throw new IllegalStateException(
					"expected " + tools + " tools, found " + kept.get(orgs - 1).snapshot().tools().size());
		}
		return bytes;
	}

	private static List<PolicyFixture> organisations(int count, int tools) {
		List<PolicyFixture> organisations = new ArrayList<>(count);
		for (int o = 0; o < count; o++) {
			if (o > 0 && o % 1000 == 0) {
				System.out.printf(Locale.ROOT, "  %d of %d organisations folded%n", o, count);
			}
			PolicyFixture org = new PolicyFixture();
			for (int m = 0; m < MEMBERS; m++) {
				org.member("user-" + o + "-" + m, (m == 0) ? Role.OWNER : Role.MEMBER);
			}
			if (tools > 0) {
				List<OperationDefinition> operations = new ArrayList<>(tools);
				for (int t = 0; t < tools; t++) {
					operations.add(operation(o, t));
				}
				org.apply(asStored(new ConnectorRegisteredEvent(PolicyFixture.ORG,
						new ConnectorDefinition("app" + o, "App " + o, ConnectorKind.HTTP,
								"An application of organisation " + o, "https://app" + o + ".example.com/v1",
								operations, Map.of(), false, 1))));
				org.connection("app" + o, "app-" + o, "user-" + o + "-0");
			}
			organisations.add(org);
		}
		return organisations;
	}

	/**
	 * The event as a node folds it: read back from its stored JSON (the event store's
	 * serializer), so that every string and JSON value of it is its own object, as after
	 * a replay or a catch-up, not a constant shared by the code that built it.
	 */
	private static ConnectorRegisteredEvent asStored(ConnectorRegisteredEvent event) {
		try {
			return STORED.readValue(STORED.writeValueAsBytes(event), ConnectorRegisteredEvent.class);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static OperationDefinition operation(int org, int tool) {
		String name = "resource" + (tool / 6) + "_"
				+ List.of("list", "get", "create", "update", "delete", "search").get(tool % 6);
		ObjectNode schema = JsonNodeFactory.instance.objectNode();
		schema.put("type", "object");
		ObjectNode properties = schema.putObject("properties");
		properties.putObject("id").put("type", "string").put("description", "The id of the item " + tool);
		properties.putObject("title").put("type", "string").put("description", "A title, shown in lists");
		properties.putObject("limit").put("type", "integer").put("description", "How many to answer, at most");
		return new OperationDefinition(name, "Resource " + tool + " of app " + org,
				"Does " + name.replace('_', ' ') + " on the items of app " + org
						+ ": answers the matching items with their ids, titles and owners",
				(tool % 6 < 2) ? "GET" : "POST", "/resources/" + tool + "/{id}", schema,
				Map.of("id", ParameterLocation.PATH), null, null,
				(tool % 6 < 2 || tool % 6 == 5) ? Classification.READ : Classification.WRITE, null);
	}

	private static long used() {
		for (int i = 0; i < 4; i++) {
			System.gc();
		}
		return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
	}

}
