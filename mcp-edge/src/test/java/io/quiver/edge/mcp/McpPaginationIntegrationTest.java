package io.quiver.edge.mcp;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.McpWire;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code tools/list} cursor pagination (SPEC R12.1) with a page of five tools: every page
 * is served, full pages carry a {@code nextCursor}, the last carries none, the pages put
 * together are the whole list in order, and a cursor this server did not give out is
 * invalid params. This is the one test with its own Spring context (a small page size).
 */
@TestPropertySource(properties = "quiver.mcp.page-size=" + McpPaginationIntegrationTest.PAGE_SIZE)
class McpPaginationIntegrationTest extends QuiverIntegrationTest {

	static final int PAGE_SIZE = 5;

	@Test
	void everyPageIsServedAndTheLastHasNoNextCursor() {
		String org = this.organizations.create("pagination");
		try (FakeUpstream upstream = FakeUpstream.start()) {
			OrgAdmin admin = new OrgAdmin(rest(org, "owner"));
			admin.registerHttpConnector("echo", "Echo", upstream.openApi());
			OrgAdmin.connect(admin.rest(), "echo", "echo-owner");
			McpWire owner = new McpWire(baseUrl(), this.organizations.token(org, "owner"));

			for (int threshold : List.of(10_000, 0)) {
				admin.collapseThreshold(threshold);
				int expected = ControlPlaneOperation.values().length + ((threshold == 0) ? 2 : 3);

				List<JsonNode> pages = pages(owner);
				List<String> names = new ArrayList<>();
				for (int i = 0; i < pages.size(); i++) {
					JsonNode page = pages.get(i);
					boolean last = i == pages.size() - 1;
					assertThat(page.path("tools").size()).as("page %d", i)
						.isEqualTo(last ? expected - PAGE_SIZE * (pages.size() - 1) : PAGE_SIZE);
					assertThat(page.has("nextCursor")).as("page %d of %d", i, pages.size()).isEqualTo(!last);
					page.path("tools").forEach((tool) -> names.add(tool.path("name").asText()));
				}
				assertThat(pages).hasSize((expected + PAGE_SIZE - 1) / PAGE_SIZE);
				assertThat(names).hasSize(expected).doesNotHaveDuplicates();
				assertThat(names).contains((threshold == 0) ? "execute_tool" : "echo-owner__get_item");

				try (Mcp client = mcp(org, "owner")) {
					assertThat(client.toolNames()).as("the SDK client follows nextCursor").isEqualTo(names);
				}
			}
		}
	}

	@Test
	void aCursorThisServerDidNotGiveOutIsInvalidParams() {
		String org = this.organizations.create("pagination-cursor");
		McpWire owner = new McpWire(baseUrl(), this.organizations.token(org, "owner"));
		String second = owner.result("tools/list", null).path("nextCursor").asText();
		assertThat(owner.result("tools/list", Map.of("cursor", second)).path("tools")).hasSize(PAGE_SIZE);
		// an offset between the pages handed out is served too, the same tools as those
		// pages hold there (pages are written once per state; this one is not kept)
		List<String> whole = new ArrayList<>();
		pages(owner).forEach((page) -> page.path("tools").forEach((tool) -> whole.add(tool.path("name").asText())));
		for (int repeat = 0; repeat < 2; repeat++) {
			List<String> between = new ArrayList<>();
			owner.result("tools/list", Map.of("cursor", cursor("quiver:3")))
				.path("tools")
				.forEach((tool) -> between.add(tool.path("name").asText()));
			assertThat(between).isEqualTo(whole.subList(3, 3 + PAGE_SIZE));
		}

		List<Object> invalid = List.of("not a cursor!", "", cursor("quiver:-1"), cursor("quiver:100000"),
				cursor("other:5"), cursor("quiver:five"), 5, Map.of("offset", 5), true);
		for (Object cursor : invalid) {
			Map<String, Object> params = new HashMap<>();
			params.put("cursor", cursor);
			Rest.Response response = owner.call("tools/list", params);
			assertThat(response.json().path("error").path("code").asInt()).as("cursor %s: %s", cursor, response.body())
				.isEqualTo(-32602);
		}
	}

	private static List<JsonNode> pages(McpWire wire) {
		List<JsonNode> pages = new ArrayList<>();
		String cursor = null;
		do {
			JsonNode page = wire.result("tools/list", (cursor == null) ? null : Map.of("cursor", cursor));
			pages.add(page);
			cursor = page.has("nextCursor") ? page.get("nextCursor").asText() : null;
			assertThat(pages).hasSizeLessThan(100);
		}
		while (cursor != null);
		return pages;
	}

	private static String cursor(String text) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
	}

}
