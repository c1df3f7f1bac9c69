package io.quiver.query.search;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.quiver.query.search.api.QueryContext;
import io.quiver.query.search.api.SearchHit;
import io.quiver.query.search.api.SearchResult;
import io.quiver.query.search.api.SentenceEncoder;
import io.quiver.query.embedding.MiniLmEncoder;

/**
 * The fixture and queries of the determinism test (SPEC R6.15), and a process that prints
 * their answers: run in a fresh JVM it is a restart, with its own ONNX session.
 */
final class SemanticAnswers {

	static final List<String> QUERIES = List.of("remember that my passport expires in June",
			"tell the releases channel that version 2 shipped", "which dependencies are vulnerable",
			"list_all_cal_com_schedules", "search pages", "find documents by title",
			"please let everyone know in a channel that the issue about the new users is done");

	private SemanticAnswers() {
	}

	/**
	 * Tools of four applications, put in the given order, at a threshold low enough for
	 * some queries to raise tools the floor drops.
	 */
	static SearchFixture fixture(SentenceEncoder encoder, boolean reversed) {
		List<String[]> tools = new ArrayList<>(List.of(
				new String[] { "memory__create_entities", "memory", "Memory",
						"Create multiple new entities in the knowledge graph" },
				new String[] { "memory__add_observations", "memory", "Memory",
						"Add new observations to existing entities in the knowledge graph" },
				new String[] { "slack__slack_post_message", "slack", "Slack", "Post a new message to a Slack channel" },
				new String[] { "slack__slack_list_channels", "slack", "Slack",
						"List public channels in the workspace" },
				new String[] { "github__list_dependabot_alerts", "github", "GitHub",
						"List dependabot alerts for a repository" },
				new String[] { "github__create_issue", "github", "GitHub", "Create a new issue in a repository" },
				new String[] { "notion__search_pages", "notion", "Notion", "Search pages and databases by title" },
				new String[] { "notion__list_all_notion_users", "notion", "Notion",
						"List all users of the workspace" }));
		if (reversed) {
			Collections.reverse(tools);
		}
		SearchFixture fixture = new SearchFixture(new SearchIndex(new SentenceVectors(encoder), 0.3));
		fixture.context = new QueryContext(Set.of(), Set.of("notion", "github", "slack", "memory", "calcom"),
				Set.of("notion", "github", "slack", "memory", "calcom", "cal.com"));
		for (String[] tool : tools) {
			fixture.tool(tool[0], tool[1], tool[2], tool[3]);
		}
		return fixture;
	}

	/** Every answer as text: keys, both signals to the last bit, and the message. */
	static String answers(SearchFixture fixture) {
		StringBuilder out = new StringBuilder();
		for (String query : QUERIES) {
			SearchResult result = fixture.search(query);
			out.append(query).append(" ->");
			for (SearchHit hit : result.hits()) {
				out.append(String.format(Locale.ROOT, " %s(%s,%s)", hit.key(), Double.toString(hit.lexical()),
						Double.toString(hit.similarity())));
			}
			out.append(" | ").append(result.message()).append('\n');
		}
		return out.toString();
	}

	/** Printed before the answers: the libraries may log to standard output first. */
	static final String MARKER = "--- answers ---\n";

	public static void main(String[] args) {
		System.out.print(MARKER + answers(fixture(MiniLmEncoder.load(), false)));
	}

}
