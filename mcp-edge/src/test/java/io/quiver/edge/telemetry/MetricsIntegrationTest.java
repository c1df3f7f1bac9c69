package io.quiver.edge.telemetry;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.FakeUpstream;
import io.quiver.support.McpWire;
import io.quiver.support.OpenApiDocs;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.RawHttp;
import io.quiver.support.RepositoryFiles;
import io.quiver.support.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code /actuator/prometheus} after calls (SPEC R15.1): the {@code quiver_} series count
 * each call by classification, outcome, deciding gate and connector, time each stage,
 * count empty search answers and show the trail's backlog, the policy state's lag and the
 * open streams; no argument value or query text is in any label. Loopback scrapes without
 * a token; another machine needs the scrape token, whatever its forwarded headers say.
 */
class MetricsIntegrationTest extends QuiverIntegrationTest {

	private static final String CANARY = "cnryMetrics7a41c9d2";

	private static final String CALLS = "quiver_call_seconds_count";

	private static final String STAGES = "quiver_call_stage_seconds_count";

	private FakeUpstream upstream;

	private String org;

	private McpWire alice;

	private McpWire reader;

	@BeforeEach
	void aliceConnectsNotes() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("metrics");
		OrgAdmin admin = new OrgAdmin(rest(this.org, "owner"));
		admin.invite("alice", "MEMBER");
		admin.registerHttpConnector("notes", "Notes",
				OpenApiDocs.api(this.upstream.baseUrl(), "Notes", List.of("page", "comment")));
		OrgAdmin.connect(rest(this.org, "alice"), "notes", "notes-alice");
		admin.collapseThreshold(0);
		this.alice = new McpWire(baseUrl(), this.organizations.token(this.org, "alice"));
		this.reader = new McpWire(baseUrl(), this.organizations.token(this.org, "alice", "mcp:read mcp:tools"));
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void aScrapeAfterCallsCountsThemByLabelWithoutAnyArgumentValue() throws IOException {
		Scrape before = scrape();

		JsonNode read = call(this.alice, "notes-alice__get_page", Map.of("page_id", CANARY));
		assertThat(read.path("isError").asBoolean()).as(read.toString()).isFalse();
		JsonNode search = call(this.alice, "search_tools", Map.of("query", CANARY + " " + CANARY));
		assertThat(search.path("structuredContent").path("results")).as(search.toString()).isEmpty();
		JsonNode denied = call(this.reader, "notes-alice__create_page", Map.of("title", CANARY));
		assertThat(denied.path("content").get(0).path("text").asText()).startsWith("Denied by the scope gate");
		JsonNode unknown = call(this.alice, "quiver__" + CANARY, Map.of("secret", CANARY));
		assertThat(unknown.path("content").get(0).path("text").asText()).startsWith("Denied by the name gate");

		Scrape after = scrape();
		assertThat(delta(before, after, CALLS,
				Map.of("classification", "read", "outcome", "success", "gate", "none", "connector", "registered")))
			.isEqualTo(1);
		assertThat(delta(before, after, CALLS,
				Map.of("classification", "write", "outcome", "denied", "gate", "scope", "connector", "registered")))
			.isEqualTo(1);
		assertThat(delta(before, after, CALLS,
				Map.of("classification", "none", "outcome", "unknown", "gate", "name", "connector", "none")))
			.isEqualTo(1);
		assertThat(delta(before, after, CALLS, Map.of("outcome", "success", "connector", "none"))).as("search_tools")
			.isEqualTo(1);
		assertThat(delta(before, after, CALLS, Map.of())).isEqualTo(4);
		assertThat(delta(before, after, "quiver_search_answers_total", Map.of("empty", "true"))).isEqualTo(1);
		assertThat(delta(before, after, STAGES, Map.of("stage", "upstream"))).isEqualTo(1);
		for (String stage : List.of("catch-up", "gates", "trail")) {
			assertThat(delta(before, after, STAGES, Map.of("stage", stage))).as(stage).isEqualTo(4);
		}
		assertThat(delta(before, after, STAGES, Map.of("stage", "authentication"))).isGreaterThanOrEqualTo(4);
		assertThat(after.has("quiver_trail_backlog_entries")).isTrue();
		assertThat(after.value("quiver_event_catchup_lag_events", Map.of())).isGreaterThanOrEqualTo(0);
		assertThat(after.has("quiver_event_applied_events_total")).isTrue();
		assertThat(after.has("quiver_streams_open_streams")).isTrue();
		assertThat(delta(before, after, "http_server_requests_seconds_count", Map.of("uri", "/mcp")))
			.as("Spring Boot's series of HTTP requests still counts /mcp")
			.isGreaterThanOrEqualTo(4);
		assertThat(after.series().keySet()).as("no observations inside Spring Security's filter chain (issue 18)")
			.noneSatisfy((series) -> assertThat(series.name()).startsWith("spring_security_"));

		assertThat(dashboardSeries()).as("every series the Grafana dashboard reads is served")
			.allSatisfy((name) -> assertThat(after.has(name)).as(name).isTrue());

		assertThat(after.text()).doesNotContain(CANARY).doesNotContain("notes-alice__");
		assertThat(after.series().keySet()).filteredOn((series) -> series.name().equals(CALLS))
			.allSatisfy((series) -> assertThat(series.labels().keySet()).containsExactlyInAnyOrder("classification",
					"outcome", "gate", "connector", "error"));
	}

	@Test
	void anotherMachineScrapesWithTheScrapeTokenOnly() throws IOException {
		InetAddress external = RawHttp.nonLoopbackAddress().orElse(null);
		assumeTrue(external != null, "this machine has no non-loopback address to call from");
		String ownerToken = this.organizations.token(this.org, "owner");

		assertThat(scrapeFrom(external, "X-Forwarded-For: 127.0.0.1")).startsWith("HTTP/1.1 401")
			.contains("scrape token");
		assertThat(scrapeFrom(external, "Authorization: Bearer wrong-" + TestDatabase.SCRAPE_TOKEN))
			.startsWith("HTTP/1.1 401");
		assertThat(scrapeFrom(external, "Authorization: Bearer " + ownerToken))
			.as("an OAuth token is not the scrape token")
			.startsWith("HTTP/1.1 401");
		assertThat(scrapeFrom(external, "Authorization: Bearer " + TestDatabase.SCRAPE_TOKEN))
			.startsWith("HTTP/1.1 200")
			.contains("quiver_trail_backlog_entries");
		assertThat(RawHttp.send(InetAddress.getLoopbackAddress(), this.port,
				RawHttp.get("/actuator/prometheus", "X-Forwarded-For: 203.0.113.9")))
			.startsWith("HTTP/1.1 200");
	}

	/** The {@code quiver_} series named in {@code deploy/grafana/quiver.json}. */
	private static Set<String> dashboardSeries() throws IOException {
		String dashboard = Files.readString(RepositoryFiles.find("deploy/grafana/quiver.json"));
		Set<String> names = new TreeSet<>();
		Matcher matcher = Pattern.compile("quiver_[a-z_]+").matcher(dashboard);
		while (matcher.find()) {
			names.add(matcher.group());
		}
		assertThat(names).isNotEmpty();
		return names;
	}

	private String scrapeFrom(InetAddress from, String header) throws IOException {
		return RawHttp.send(from, this.port, RawHttp.get("/actuator/prometheus", header));
	}

	private Scrape scrape() {
		try {
			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/actuator/prometheus")).build(),
						HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
			return Scrape.of(response.body());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static double delta(Scrape before, Scrape after, String name, Map<String, String> labels) {
		return after.sum(name, labels) - before.sum(name, labels);
	}

	private static JsonNode call(McpWire who, String tool, Map<String, Object> arguments) {
		return who.result("tools/call", Map.of("name", tool, "arguments", arguments));
	}

}
