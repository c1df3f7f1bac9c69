package io.quiver.edge.ops;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The access log has a line for every request, answered or refused, with its method,
 * path, status and time, and never a value of its query string, its body (where tool
 * arguments travel) or its token (SPEC R10.2, R15.3).
 */
@ExtendWith(OutputCaptureExtension.class)
class AccessLogIntegrationTest extends QuiverIntegrationTest {

	private static final String QUERY_CANARY = "cnryQuery5d1f0a7e";

	private static final String BODY_CANARY = "cnryBody9c2b6e4a";

	@Test
	void everyRequestIsLoggedWithoutItsQueryValuesBodyOrToken(CapturedOutput output) {
		String org = this.organizations.create("access-log");
		String token = this.organizations.token(org, "owner");
		Rest owner = new Rest(baseUrl(), token);

		Rest.Response listed = owner.get("/api/v1/members?subject=" + QUERY_CANARY + "&limit=5");
		Rest.Response called = owner.post("/mcp?session=" + QUERY_CANARY,
				Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/call", "params", Map.of("name",
						"quiver__members__invite", "arguments", Map.of("subject", BODY_CANARY, "role", "GUEST"))));
		Rest.Response refused = new Rest(baseUrl(), null).get("/api/v1/members?subject=" + QUERY_CANARY);

		assertThat(List.of(listed.status(), called.status(), refused.status())).containsExactly(200, 200, 401);
		assertThat(called.body()).contains(BODY_CANARY);
		Awaitility.await()
			.atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(output.getAll())
				.containsPattern("quiver\\.access .*127\\.0\\.0\\.1 \"GET /api/v1/members\" 200 \\d+ \\d+ ms")
				.containsPattern("quiver\\.access .*\"POST /mcp\" 200 ")
				.containsPattern("quiver\\.access .*\"GET /api/v1/members\" 401 "));
		assertThat(output.getAll()).doesNotContain(QUERY_CANARY).doesNotContain(BODY_CANARY).doesNotContain(token);
	}

}
