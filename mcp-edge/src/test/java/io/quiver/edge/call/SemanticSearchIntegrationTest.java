package io.quiver.edge.call;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.FakeUpstream;
import io.quiver.support.McpWire;
import io.quiver.support.OpenApiDocs;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SPEC R6.15 end to end: the organisation's {@code semanticSearch} setting, off by
 * default, turned on over REST; {@code search_tools} then shows both signals per row,
 * keeps a confident lexical answer's head and still refuses an unconnected application.
 * Through the real MCP endpoint and the real model.
 */
class SemanticSearchIntegrationTest extends QuiverIntegrationTest {

	private FakeUpstream upstream;

	private Rest owner;

	private McpWire alice;

	@BeforeEach
	void aliceConnectsNotes() {
		this.upstream = FakeUpstream.start();
		String org = this.organizations.create("semantic");
		this.owner = rest(org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.invite("alice", "MEMBER");
		admin.registerHttpConnector("notes", "Notes",
				OpenApiDocs.api(this.upstream.baseUrl(), "Notes", List.of("page", "comment")));
		OrgAdmin.connect(rest(org, "alice"), "notes", "notes-alice");
		admin.collapseThreshold(0);
		this.alice = new McpWire(baseUrl(), this.organizations.token(org, "alice"));
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void theSettingTurnsTheSignalOnAndSearchShowsBothSignals() {
		assertThat(this.owner.get("/api/v1/org").json().path("semanticSearch").asBoolean()).isFalse();
		JsonNode lexical = search("get page");
		assertThat(lexical.path("results")).isNotEmpty();
		assertThat(lexical.path("results").get(0).has("similarity")).isFalse();

		Rest.Response on = this.owner.patch("/api/v1/org/settings", Map.of("semanticSearch", true));
		assertThat(on.status()).as(on.body()).isEqualTo(200);
		assertThat(on.json().path("semanticSearch").asBoolean()).isTrue();

		JsonNode hybrid = search("get page");
		List<String> lexicalNames = lexical.path("results").findValuesAsText("name");
		List<String> hybridNames = hybrid.path("results").findValuesAsText("name");
		// a confident lexical answer keeps its first hit first and its first five in the
		// first five (docs/search.md, "The blend")
		assertThat(hybridNames.get(0)).isEqualTo(lexicalNames.get(0));
		assertThat(hybridNames.subList(0, Math.min(5, hybridNames.size())))
			.containsAll(lexicalNames.subList(0, Math.min(5, lexicalNames.size())));
		JsonNode first = hybrid.path("results").get(0);
		assertThat(first.path("similarity").isNumber()).as(first.toString()).isTrue();
		assertThat(first.path("matched").toString()).contains("page");

		JsonNode calCom = search("list_all_cal_com_schedules");
		assertThat(calCom.path("results")).isEmpty();
		assertThat(calCom.path("notConnected").asText()).isEqualTo("Cal.com");
	}

	@Test
	void aSettingThatIsNotABooleanIsRefusedWithA400() {
		Rest.Response refused = this.owner.patch("/api/v1/org/settings", Map.of("semanticSearch", "yes"));

		assertThat(refused.status()).as(refused.body()).isEqualTo(400);
		assertThat(this.owner.get("/api/v1/org").json().path("semanticSearch").asBoolean()).isFalse();
	}

	private JsonNode search(String query) {
		JsonNode result = this.alice.result("tools/call",
				Map.of("name", "search_tools", "arguments", Map.of("query", query)));
		assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
		return result.path("structuredContent");
	}

}
