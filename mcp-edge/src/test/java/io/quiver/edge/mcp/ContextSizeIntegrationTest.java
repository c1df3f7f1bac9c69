package io.quiver.edge.mcp;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.FakeUpstream;
import io.quiver.support.McpWire;
import io.quiver.support.OpenApiDocs;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the collapse saves in the model's context (SPEC R5.3): for a MEMBER with five
 * connected apps of sixty tools each, the collapsed {@code tools/list} is at most 15% of
 * the flat one, measured in bytes on the wire. The figures are recorded in
 * {@code docs/BENCHMARKS.md} ("Context size").
 */
class ContextSizeIntegrationTest extends QuiverIntegrationTest {

	private static final Map<String, List<String>> APPS = new LinkedHashMap<>();

	static {
		APPS.put("Crm", List.of("contact", "company", "deal", "note", "task", "pipeline"));
		APPS.put("Helpdesk", List.of("ticket", "queue", "macro", "view", "tag", "agent"));
		APPS.put("Drive", List.of("file", "folder", "share", "comment", "revision", "label"));
		APPS.put("Calendar", List.of("event", "calendar", "attendee", "room", "reminder", "booking"));
		APPS.put("Wiki", List.of("page", "space", "template", "attachment", "draft", "watcher"));
	}

	@Test
	void theCollapsedListIsAtMostFifteenPercentOfTheFlatList() {
		String org = this.organizations.create("context-size");
		OrgAdmin admin = new OrgAdmin(rest(org, "owner"));
		admin.invite("alice", "MEMBER");
		Rest alice = rest(org, "alice");
		try (FakeUpstream upstream = FakeUpstream.start()) {
			for (Map.Entry<String, List<String>> app : APPS.entrySet()) {
				String id = app.getKey().toLowerCase();
				admin.registerHttpConnector(id, app.getKey(),
						OpenApiDocs.api(upstream.baseUrl(), app.getKey(), app.getValue()));
				OrgAdmin.connect(alice, id, id + "-alice");
			}
		}
		McpWire wire = new McpWire(baseUrl(), this.organizations.token(org, "alice"));

		admin.collapseThreshold(10_000);
		Rest.Response flat = wire.call("tools/list", null);
		JsonNode flatTools = flat.json().path("result").path("tools");
		assertThat(flat.json().path("result").has("nextCursor")).isFalse();
		long connected = count(flatTools, false);
		long controlPlane = count(flatTools, true);
		assertThat(connected).isEqualTo(5 * 60);

		admin.collapseThreshold(30);
		Rest.Response collapsed = wire.call("tools/list", null);
		JsonNode collapsedTools = collapsed.json().path("result").path("tools");
		assertThat(collapsedTools).hasSize((int) controlPlane + 2);
		assertThat(collapsedTools.findValuesAsText("name")).contains("search_tools", "execute_tool");

		int flatBytes = bytes(flat);
		int collapsedBytes = bytes(collapsed);
		double ratio = (double) collapsedBytes / flatBytes;
		System.out.printf(
				"Context size: flat %d tools, %d bytes (%d control-plane + %d connected, %.0f bytes per connected "
						+ "tool); collapsed %d tools, %d bytes; collapsed/flat = %.1f%%%n",
				flatTools.size(), flatBytes, controlPlane, connected,
				(flatBytes - collapsedBytes + metaToolBytes(collapsedTools)) / (double) connected,
				collapsedTools.size(), collapsedBytes, 100 * ratio);
		assertThat(ratio).as("collapsed %d bytes / flat %d bytes", collapsedBytes, flatBytes).isLessThanOrEqualTo(0.15);
	}

	private static long count(JsonNode tools, boolean controlPlane) {
		long count = 0;
		for (JsonNode tool : tools) {
			if (tool.path("name").asText().startsWith("quiver__") == controlPlane) {
				count++;
			}
		}
		return count;
	}

	private static int metaToolBytes(JsonNode tools) {
		int bytes = 0;
		for (JsonNode tool : tools) {
			if (!tool.path("name").asText().startsWith("quiver__")) {
				bytes += tool.toString().getBytes(StandardCharsets.UTF_8).length + 1;
			}
		}
		return bytes;
	}

	private static int bytes(Rest.Response response) {
		assertThat(response.status()).isEqualTo(200);
		return response.body().getBytes(StandardCharsets.UTF_8).length;
	}

}
