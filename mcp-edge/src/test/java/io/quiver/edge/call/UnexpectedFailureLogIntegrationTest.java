package io.quiver.edge.call;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.quiver.edge.audit.AuditService;
import io.quiver.edge.console.ConsoleHttp;
import io.quiver.edge.upstream.ConnectorToolExecutor;
import io.quiver.edge.upstream.UpstreamCall;
import io.quiver.support.FakeUpstream;
import io.quiver.support.Mcp;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.doThrow;

/**
 * A failure nobody expected is logged without its message (SPEC R10.2): the executor of a
 * connected tool, and the service behind a REST endpoint and a console page, throw an
 * exception whose message quotes a canary argument value. The log names the tool or the
 * request, the exception's class and an incident id, and never the canary; the caller's
 * answer (in band, a problem body, a console page) gives the same incident id and does
 * not echo the canary either. The faults are injected into the real beans (spies);
 * everything else, HTTP and MCP included, is the running app.
 */
@ExtendWith(OutputCaptureExtension.class)
class UnexpectedFailureLogIntegrationTest extends QuiverIntegrationTest {

	private static final String CANARY = "cnryFail41c9e0a7d2b6";

	private static final Pattern INCIDENT = Pattern.compile("incident ([0-9a-f]{12})");

	@MockitoSpyBean
	ConnectorToolExecutor executor;

	@MockitoSpyBean
	AuditService auditService;

	private FakeUpstream upstream;

	private String org;

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.upstream = FakeUpstream.start();
		this.org = this.organizations.create("unexpected-failure");
		this.owner = rest(this.org, "owner");
		OrgAdmin admin = new OrgAdmin(this.owner);
		admin.collapseThreshold(500);
		admin.registerHttpConnector("echo", "Echo", this.upstream.openApi());
		OrgAdmin.connect(this.owner, "echo", "echo-fail");
	}

	@AfterEach
	void stop() {
		this.upstream.close();
	}

	@Test
	void anExecutorFailureIsLoggedWithTheToolAndWithoutTheArgumentValue(CapturedOutput output) {
		doThrow(new IllegalStateException("could not handle id=" + CANARY)).when(this.executor)
			.execute(argThat((UpstreamCall call) -> call.arguments().toString().contains(CANARY)));

		Mcp.Result result;
		try (Mcp client = mcp(this.org, "owner")) {
			result = client.call("echo-fail__get_item", Map.of("id", CANARY));
		}

		assertThat(result.isError()).isTrue();
		assertThat(result.text()).contains("internal error").doesNotContain(CANARY);
		String incident = incident(result.text());
		assertThat(output.getAll()).doesNotContain(CANARY)
			.contains("tools/call of echo-fail__get_item failed unexpectedly with java.lang.IllegalStateException "
					+ "(incident " + incident + ")")
			.contains("at io.quiver.edge.call.ToolCallPipeline");
		Rest.Response trail = this.owner.get("/api/v1/audit?tool=echo-fail__get_item");
		assertThat(trail.json().path("entries").get(0).path("errorCode").asText()).isEqualTo("internal-error");
	}

	@Test
	void aRestFailureIsLoggedWithTheRequestAndWithoutTheParameterValue(CapturedOutput output) {
		doThrow(new IllegalStateException("could not filter by " + CANARY)).when(this.auditService)
			.list(any(), argThat((filters) -> CANARY.equals(filters.tool())), any(), any());

		Rest.Response response = this.owner.get("/api/v1/audit?tool=" + CANARY);

		assertThat(response.status()).isEqualTo(500);
		assertThat(response.json().path("code").asText()).isEqualTo("internal-error");
		assertThat(response.body()).doesNotContain(CANARY);
		String incident = incident(response.json().path("detail").asText());
		assertThat(output.getAll()).doesNotContain(CANARY)
			.contains("GET /api/v1/audit failed unexpectedly with java.lang.IllegalStateException (incident " + incident
					+ ")");
	}

	@Test
	void aConsoleFailureIsAPageLoggedWithoutTheParameterValue(CapturedOutput output) {
		doThrow(new IllegalStateException("could not filter by " + CANARY)).when(this.auditService)
			.list(any(), argThat((filters) -> CANARY.equals(filters.tool())), any(), any());
		ConsoleHttp console = new ConsoleHttp(baseUrl());
		console.signIn(this.org, "owner");

		HttpResponse<String> page = console.get("/console/audit?tool=" + CANARY);

		assertThat(page.statusCode()).isEqualTo(500);
		assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).as("a console page, not the API's JSON").startsWith("text/html"));
		assertThat(page.body()).contains("internal-error").doesNotContain(CANARY);
		String incident = incident(page.body());
		assertThat(output.getAll()).doesNotContain(CANARY)
			.contains("GET /console/audit failed unexpectedly with java.lang.IllegalStateException (incident "
					+ incident + ")");
	}

	@Test
	void aToolNameThatWouldForgeALogLineIsEscapedAndBounded(CapturedOutput output) {
		String forged = "2026-11-30T10:00:00.000Z  INFO 1 --- [quiver] io.quiver.Forged : granted OWNER to mallory";
		String name = "forge__me\n" + forged + "\r\u0000" + "x".repeat(1_000_000);
		try (Mcp client = mcp(this.org, "owner")) {
			Mcp.Result unknown = client.call(name, Map.of());
			assertThat(unknown.isError()).isTrue();
		}

		assertThat(output.getAll().lines()).as("no line starts with the forged text")
			.noneMatch((line) -> line.startsWith(forged))
			.allSatisfy((line) -> assertThat(line.length()).as("a bounded line").isLessThan(20_000))
			.noneMatch((line) -> line.indexOf(0) >= 0);
	}

	private static String incident(String text) {
		Matcher matcher = INCIDENT.matcher(text);
		assertThat(matcher.find()).as(text).isTrue();
		return matcher.group(1);
	}

}
