package io.quiver.edge.telemetry;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.proto.trace.v1.Span;
import io.quiver.support.FakeUpstream;
import io.quiver.support.McpStream;
import io.quiver.support.McpWire;
import io.quiver.support.OpenApiDocs;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A running Quiver sends its spans over OTLP to the receiver the test starts (SPEC
 * R15.1): one call is one trace with a span for the call and one per stage
 * (authentication, catch-up, gates, upstream, trail); the trail entry and the access log
 * line name that trace; no argument value is in any span.
 */
@ExtendWith(OutputCaptureExtension.class)
class TracingIntegrationTest extends QuiverIntegrationTest {

	private static final String CANARY = "cnryTrace3f8e2b61";

	private static final OtlpReceiver RECEIVER = OtlpReceiver.start();

	@DynamicPropertySource
	static void exportTo(DynamicPropertyRegistry registry) {
		registry.add("management.otlp.tracing.endpoint", RECEIVER::endpoint);
	}

	@AfterAll
	static void stopReceiver() {
		RECEIVER.close();
	}

	@Test
	void aCallIsOneTraceWithASpanPerStage(CapturedOutput output) {
		try (FakeUpstream upstream = FakeUpstream.start()) {
			String org = this.organizations.create("tracing");
			OrgAdmin admin = new OrgAdmin(rest(org, "owner"));
			admin.invite("alice", "MEMBER");
			admin.registerHttpConnector("notes", "Notes",
					OpenApiDocs.api(upstream.baseUrl(), "Notes", List.of("page")));
			OrgAdmin.connect(rest(org, "alice"), "notes", "notes-alice");
			McpWire alice = new McpWire(baseUrl(), this.organizations.token(org, "alice"));

			JsonNode result = alice.result("tools/call",
					Map.of("name", "notes-alice__get_page", "arguments", Map.of("page_id", CANARY)));
			assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();

			JsonNode entry = admin.rest().get("/api/v1/audit?member=alice&limit=1").json().path("entries").get(0);
			assertThat(entry.path("resolvedTool").asText()).isEqualTo("notes-alice__get_page");
			String traceId = entry.path("traceId").asText();
			assertThat(traceId).matches("[0-9a-f]{32}");

			Set<String> expected = Set.of("tools/call", "authentication", "catch-up", "gates", "upstream", "trail");
			Awaitility.await()
				.atMost(Duration.ofSeconds(30))
				.untilAsserted(
						() -> assertThat(RECEIVER.trace(traceId).stream().map(Span::getName)).containsAll(expected));
			List<Span> trace = RECEIVER.trace(traceId);
			Map<String, List<Span>> byName = trace.stream().collect(Collectors.groupingBy(Span::getName));
			expected.forEach((name) -> assertThat(byName.get(name)).as(name).hasSize(1));
			Map<String, Span> spans = trace.stream()
				.filter((span) -> expected.contains(span.getName()))
				.collect(Collectors.toMap(Span::getName, Function.identity()));
			Span call = spans.get("tools/call");
			for (String stage : List.of("catch-up", "gates", "upstream", "trail")) {
				assertThat(spans.get(stage).getParentSpanId()).as(stage + " is a stage of the call")
					.isEqualTo(call.getSpanId());
			}
			assertThat(call.getAttributesList()).anySatisfy((attribute) -> {
				assertThat(attribute.getKey()).isEqualTo("quiver.tool");
				assertThat(attribute.getValue().getStringValue()).isEqualTo("notes-alice__get_page");
			});
			assertThat(trace).allSatisfy((span) -> assertThat(span.toString()).doesNotContain(CANARY));

			Awaitility.await()
				.atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output.getAll())
					.containsPattern("quiver\\.access .*\"POST /mcp\" 200 \\d+ \\d+ ms " + traceId));

			// a streamed call (a progress token) runs on a thread of its own, in the
			// request's trace
			Map<String, Object> streamed = Map.of("name", "notes-alice__get_page", "arguments",
					Map.of("page_id", "p-2"), "_meta", Map.of("progressToken", "traced"));
			try (McpStream stream = McpStream.call(baseUrl(), this.organizations.token(org, "alice"), 9, streamed)) {
				Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> stream.response() != null);
			}
			String streamedTrace = admin.rest()
				.get("/api/v1/audit?member=alice&limit=1")
				.json()
				.path("entries")
				.get(0)
				.path("traceId")
				.asText();
			assertThat(streamedTrace).matches("[0-9a-f]{32}").isNotEqualTo(traceId);
			Awaitility.await()
				.atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(RECEIVER.trace(streamedTrace).stream().map(Span::getName))
					.contains("authentication", "tools/call", "gates", "upstream", "trail"));
		}
	}

}
