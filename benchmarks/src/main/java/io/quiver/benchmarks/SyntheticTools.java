package io.quiver.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.quiver.command.naming.api.NamingRules;
import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.search.eval.EvalData;

/**
 * Large, real-looking tool sets for the latency benchmark, made deterministically from
 * the real evaluation tools: each real tool is repeated across many fake accounts
 * ({@code github-legal}, {@code linear-ops3}), and every fourth block of accounts belongs
 * to a fake application with its own connector, so that names, descriptions and
 * connectors keep the real vocabulary and its frequencies.
 */
final class SyntheticTools {

	private static final String[] ACCOUNTS = { "work", "legal", "ops", "sales", "eng", "hr", "finance", "support",
			"marketing", "design", "data", "infra", "mobile", "web", "platform", "security" };

	private static final String[] FAKE_APPS = { "trackly", "deskpro", "ledgerly", "chatterbox", "docsy", "pipeflow",
			"ticketeer", "wikiful" };

	private SyntheticTools() {
	}

	/** {@code count} tools, keyed by advertised name, in a fixed order. */
	static Map<String, SearchDocument> generate(List<EvalData.Tool> real, int count) {
		Map<String, SearchDocument> tools = new LinkedHashMap<>();
		int i = 0;
		while (tools.size() < count) {
			EvalData.Tool tool = real.get(i % real.size());
			int block = i / real.size();
			String connectorId = tool.app();
			String connectorLabel = tool.appLabel();
			if (block % 4 == 3) {
				connectorId = FAKE_APPS[(block / 4) % FAKE_APPS.length];
				connectorLabel = Character.toUpperCase(connectorId.charAt(0)) + connectorId.substring(1);
			}
			String account = connectorId + "-" + ACCOUNTS[block % ACCOUNTS.length]
					+ ((block < ACCOUNTS.length) ? "" : Integer.toString(block / ACCOUNTS.length));
			String name = NamingRules.advertisedName(account, tool.name());
			tools.putIfAbsent(name, new SearchDocument(name, connectorId, connectorLabel, tool.description()));
			i++;
		}
		return tools;
	}

	/** The account labels of the generated tools (the part before {@code __}). */
	/**
	 * The query context of a caller of all these tools: their accounts, the set's catalog
	 * as connectors and application names.
	 */
	static QueryContext context(EvalData data, Map<String, SearchDocument> tools) {
		return data.context(accounts(tools));
	}

	static Set<String> accounts(Map<String, SearchDocument> tools) {
		Set<String> labels = new LinkedHashSet<>();
		for (String name : tools.keySet()) {
			labels.add(name.substring(0, name.indexOf("__")));
		}
		return labels;
	}

	/** The query texts of the evaluation set, as the benchmark's workload. */
	static List<String> queries(EvalData data) {
		List<String> queries = new ArrayList<>();
		data.queries.forEach((q) -> queries.add(q.query()));
		return queries;
	}

}
