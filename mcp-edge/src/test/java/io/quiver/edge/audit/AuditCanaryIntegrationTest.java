package io.quiver.edge.audit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.edge.call.ToolCallPipeline;
import io.quiver.support.DatabaseGrep;
import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Argument values and results are stored and logged nowhere (SPEC R10.2): a burst of
 * calls, direct and through {@code execute_tool}, succeeding, failing upstream, denied
 * and unknown, all carrying a canary argument value, against an upstream answering a
 * canary result; afterwards no table (event payloads and metadata included) and no line
 * of log output, with Quiver's own loggers at TRACE, holds either canary, while the trail
 * has one entry per call with the argument names and counts.
 */
@ExtendWith(OutputCaptureExtension.class)
class AuditCanaryIntegrationTest extends QuiverIntegrationTest {

	private static final String CANARY_ARGUMENT = "cnryArg5d3e91b7c04f";

	private static final String CANARY_RESULT = "cnryRes8a61f2d9e37b";

	private static final String LOG_MARKER = "audit-canary-log-marker";

	@Autowired
	DataSource dataSource;

	@Autowired
	LoggingSystem logging;

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("audit-canary");
		this.owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.collapseThreshold(0);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		expect(this.owner.post("/api/v1/connections", Map.of("connector", "echo", "label", "echo-canary", "credential",
				Map.of("type", "bearer", "token", "audit-canary-token"))), 201);
		this.logging.setLogLevel("io.quiver", LogLevel.TRACE);
	}

	@AfterEach
	void stop() {
		this.logging.setLogLevel("io.quiver", null);
		this.upstream.close();
	}

	@Test
	void neitherArgumentValuesNorResultsAreStoredOrLogged(CapturedOutput output) throws Exception {
		this.upstream.reply("{\"answer\":\"" + CANARY_RESULT + "\",\"items\":[{\"title\":\"" + CANARY_RESULT + "\"}]}");
		List<Call> calls = burst();
		List<Mcp.Result> results = run(calls);
		this.upstream.reply(502, "{\"error\":\"upstream broke on " + CANARY_RESULT + "\"}");
		List<Call> failing = List.of(new Call("echo-canary__get_item", Map.of("id", CANARY_ARGUMENT), false),
				new Call("echo-canary__get_item", Map.of("id", CANARY_ARGUMENT), true));
		results.addAll(run(failing));
		LoggerFactory.getLogger(ToolCallPipeline.class).info(LOG_MARKER);

		List<String> answered = results.stream().map(Mcp.Result::text).toList();
		assertThat(answered).as("the upstream's canary result reached the caller, directly and via execute_tool")
			.filteredOn((text) -> text.contains(CANARY_RESULT))
			.hasSizeGreaterThanOrEqualTo(4);
		assertThat(this.upstream.received()).as("the canary argument was sent upstream")
			.anySatisfy((request) -> assertThat(request.path() + request.body()).contains(CANARY_ARGUMENT));

		for (String canary : List.of(CANARY_ARGUMENT, CANARY_RESULT)) {
			assertThat(DatabaseGrep.find(this.dataSource, canary)).as("tables holding %s", canary).isEmpty();
			assertThat(output.getAll()).as("log output").doesNotContain(canary);
		}
		assertThat(output.getAll()).as("the log output was captured").contains(LOG_MARKER);

		List<JsonNode> trail = trail();
		int total = calls.size() + failing.size();
		// a write that ran has an outcome entry after its attempt (R10.7)
		List<JsonNode> attempts = trail.stream()
			.filter((entry) -> !entry.path("phase").asText().equals("outcome"))
			.toList();
		assertThat(attempts).as("one entry per call").hasSize(total);
		assertThat(attempts).filteredOn((entry) -> entry.path("viaExecuteTool").asBoolean())
			.hasSize((int) (calls.stream().filter(Call::viaExecuteTool).count() + 1));
		assertThat(trail).filteredOn((entry) -> entry.path("requestedName").asText().equals("echo-canary__create_item"))
			.isNotEmpty()
			.allSatisfy((entry) -> {
				assertThat(names(entry)).containsExactlyInAnyOrder("title", "folder_id");
				assertThat(entry.path("argumentCount").asInt()).isEqualTo(2);
			});
		assertThat(trail)
			.filteredOn((entry) -> entry.path("requestedName").asText().equals("echo-canary__get_item")
					&& entry.path("outcome").asText().equals("success"))
			.isNotEmpty()
			.allSatisfy((entry) -> {
				assertThat(names(entry)).containsExactlyInAnyOrder("id", "verbose");
				assertThat(entry.path("argumentCount").asInt()).isEqualTo(2);
				assertThat(entry.path("account").asText()).isEqualTo("echo-canary");
			});
		assertThat(trail).extracting((entry) -> entry.path("outcome").asText())
			.contains("success", "error", "denied", "unknown");
		assertThat(trail).filteredOn((entry) -> entry.path("requestedName").asText().equals("no_such_tool"))
			.hasSize(2)
			.allSatisfy((entry) -> assertThat(names(entry)).containsExactly("query"));
		assertThat(this.owner.get("/api/v1/audit/verify").json().path("ok").asBoolean()).isTrue();
	}

	/**
	 * Every kind of attempt, each twice: direct and through {@code execute_tool}.
	 */
	private static List<Call> burst() {
		List<Call> calls = new ArrayList<>();
		for (boolean via : List.of(false, true)) {
			for (int i = 0; i < 5; i++) {
				calls.add(new Call("echo-canary__get_item", Map.of("id", CANARY_ARGUMENT + i, "verbose", true), via));
				calls.add(new Call("echo-canary__create_item",
						Map.of("title", CANARY_ARGUMENT, "folder_id", "f-" + CANARY_ARGUMENT), via));
			}
			// denied by argument validation: a wrong type, a required argument missing
			calls.add(new Call("echo-canary__get_item", Map.of("id", 7, "verbose", CANARY_ARGUMENT), via));
			calls.add(new Call("echo-canary__get_item", Map.of("verbose", CANARY_ARGUMENT), via));
			calls.add(new Call("no_such_tool", Map.of("query", CANARY_ARGUMENT), via));
		}
		calls.add(new Call("quiver__audit__list", Map.of("tool", CANARY_ARGUMENT), false));
		calls.add(new Call("quiver__restrictions__explain", Map.of("member", "owner", "tool", CANARY_ARGUMENT), false));
		calls.add(new Call("search_tools", Map.of("query", "get item " + CANARY_ARGUMENT), false));
		return calls;
	}

	/** Runs the calls as a burst from four clients at once. */
	private List<Mcp.Result> run(List<Call> calls) throws Exception {
		List<Mcp.Result> results = Collections.synchronizedList(new ArrayList<>());
		ExecutorService clients = Executors.newFixedThreadPool(4);
		try {
			List<Future<?>> done = new ArrayList<>();
			for (int client = 0; client < 4; client++) {
				int first = client;
				done.add(clients.submit(() -> {
					try (Mcp mcp = mcp(this.org, "owner")) {
						for (int i = first; i < calls.size(); i += 4) {
							Call call = calls.get(i);
							results.add(call.viaExecuteTool() ? mcp.execute(call.name(), call.arguments())
									: mcp.call(call.name(), call.arguments()));
						}
					}
				}));
			}
			for (Future<?> future : done) {
				future.get(2, TimeUnit.MINUTES);
			}
		}
		finally {
			clients.shutdown();
		}
		return new ArrayList<>(results);
	}

	private List<JsonNode> trail() {
		Rest.Response page = this.owner.get("/api/v1/audit?limit=500");
		assertThat(page.status()).as(page.body()).isEqualTo(200);
		List<JsonNode> entries = new ArrayList<>();
		page.json().path("entries").forEach(entries::add);
		return entries;
	}

	private static List<String> names(JsonNode entry) {
		List<String> names = new ArrayList<>();
		entry.path("argumentNames").forEach((name) -> names.add(name.asText()));
		return names;
	}

	private static void expect(Rest.Response response, int status) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
	}

	/** One tools/call. */
	record Call(String name, Map<String, Object> arguments, boolean viaExecuteTool) {
	}

}
