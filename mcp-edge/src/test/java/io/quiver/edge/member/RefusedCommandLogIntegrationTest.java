package io.quiver.edge.member;

import java.util.Map;

import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A command the domain refuses is answered once and logged nowhere (SPEC R10.2): an
 * invitation whose subject, an argument value, the member aggregate refuses, through MCP
 * and through REST. The refusal reaches the caller; the log holds neither the value nor
 * any retry of the command (a refusal is final, retrying it only repeats it).
 */
@ExtendWith(OutputCaptureExtension.class)
class RefusedCommandLogIntegrationTest extends QuiverIntegrationTest {

	private static final String CANARY = "cnryRefused7b3e1d09a4c2";

	@Test
	void aRefusedCommandIsAnsweredWithoutRetryAndWithoutLoggingItsArguments(CapturedOutput output) {
		String org = this.organizations.create("refused-command");

		Mcp.Result viaMcp;
		try (Mcp client = mcp(org, "owner")) {
			viaMcp = client.call("quiver__members__invite", Map.of("subject", CANARY + " mcp", "role", "MEMBER"));
		}
		Rest.Response viaRest = rest(org, "owner").post("/api/v1/members",
				Map.of("subject", CANARY + " rest", "role", "MEMBER"));

		assertThat(viaMcp.isError()).isTrue();
		assertThat(viaMcp.text()).startsWith("invalid-input: ").contains("is not valid");
		assertThat(viaRest.status()).as(viaRest.body()).isEqualTo(400);
		assertThat(viaRest.json().path("code").asText()).isEqualTo("invalid-input");
		assertThat(output.getAll()).doesNotContain(CANARY)
			.doesNotContain("Processing of Command [InviteMemberCommand] resulted in an exception");
	}

}
