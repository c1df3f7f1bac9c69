package io.quiver.edge.audit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.query.support.CallerText;
import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One caller's entry can never make another caller's call fail (SPEC R10.8), the finding
 * of the hostile review: six callers make 60 legitimate calls each while a seventh sends
 * tool names no column can hold as they are (over 200 characters, a NUL, a line break).
 * On PostgreSQL and on H2 (whichever the run uses): no legitimate call fails, every
 * attempt of every caller is in the trail, the unstorable names kept as a prefix plus the
 * hash of the whole, and the chain verifies.
 */
class AuditIsolationIntegrationTest extends QuiverIntegrationTest {

	private static final int CALLERS = 6;

	private static final int CALLS = 60;

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("audit-isolation");
		this.owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.collapseThreshold(500);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		for (int i = 1; i <= CALLERS; i++) {
			admin.invite("caller-" + i, "MEMBER");
			OrgAdmin.connect(rest(this.org, "caller-" + i), "echo", "echo-" + i);
		}
		admin.invite("mallory", "MEMBER");
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void unstorableNamesFailNobodyElsesCalls() throws Exception {
		List<String> hostile = List.of("n".repeat(300) + "-tail", "nul\u0000name", "line\nbreak", "\u0000".repeat(250),
				"x".repeat(10_000));
		AtomicBoolean done = new AtomicBoolean();
		ExecutorService pool = Executors.newFixedThreadPool(CALLERS + 1);
		try {
			Future<Integer> mallory = pool.submit(() -> {
				int sent = 0;
				try (Mcp client = mcp(this.org, "mallory")) {
					while (!done.get() && sent < 400) {
						Mcp.Result result = client.call(hostile.get(sent % hostile.size()), Map.of("id", "1"));
						assertThat(result.isError()).isTrue();
						assertThat(result.text()).doesNotContain("audit trail could not record");
						sent++;
					}
				}
				return sent;
			});
			List<Future<List<String>>> callers = new ArrayList<>();
			for (int i = 1; i <= CALLERS; i++) {
				int caller = i;
				callers.add(pool.submit((Callable<List<String>>) () -> legitimate(caller)));
			}
			List<String> failures = new ArrayList<>();
			for (Future<List<String>> caller : callers) {
				failures.addAll(caller.get());
			}
			done.set(true);
			int hostileCalls = mallory.get();
			assertThat(failures).as("legitimate calls that failed").isEmpty();
			assertThat(hostileCalls).isGreaterThan(0);

			for (int i = 1; i <= CALLERS; i++) {
				assertThat(entries("caller-" + i)).as("caller-" + i + "'s entries").hasSize(CALLS);
			}
			List<JsonNode> hostileEntries = entries("mallory");
			assertThat(hostileEntries).as("every attempt of the seventh caller too").hasSize(hostileCalls);
			List<String> stored = hostileEntries.stream().map((e) -> e.path("requestedName").asText()).toList();
			assertThat(stored).allSatisfy((name) -> assertThat(name.length()).isLessThanOrEqualTo(200))
				.allSatisfy((name) -> assertThat(name).doesNotContain("\u0000").doesNotContain("\n"))
				.contains("nul\\0name", "line\\nbreak", CallerText.stored(hostile.get(0), 200))
				.anySatisfy((name) -> assertThat(name).startsWith("nnnn")
					.endsWith("…[sha256:" + CallerText.sha256(hostile.get(0)) + "]"));
			JsonNode verification = this.owner.get("/api/v1/audit/verify").json();
			assertThat(verification.path("ok").asBoolean()).as(verification.toString()).isTrue();
			assertThat(verification.path("entries").asLong()).isEqualTo(CALLERS * CALLS + hostileCalls);
		}
		finally {
			done.set(true);
			pool.shutdownNow();
		}
	}

	private List<String> legitimate(int caller) {
		List<String> failures = new ArrayList<>();
		try (Mcp client = mcp(this.org, "caller-" + caller)) {
			for (int call = 0; call < CALLS; call++) {
				Mcp.Result result = client.call("echo-" + caller + "__get_item", Map.of("id", Integer.toString(call)));
				if (result.isError()) {
					failures.add("caller-" + caller + " call " + call + ": " + result.text());
				}
			}
		}
		return failures;
	}

	private List<JsonNode> entries(String member) {
		List<JsonNode> entries = new ArrayList<>();
		this.owner.get("/api/v1/audit?limit=500&member=" + member).json().path("entries").forEach(entries::add);
		return entries;
	}

}
