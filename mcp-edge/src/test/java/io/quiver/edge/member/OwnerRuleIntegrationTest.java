package io.quiver.edge.member;

import java.util.Map;

import io.quiver.support.Mcp;
import io.quiver.support.OrgAdmin;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Only an OWNER makes, changes or removes an OWNER (SPEC R2.4), whichever edge the
 * command comes through: the Member aggregate decides from the actor's role that the edge
 * sends with the command. An ADMIN is refused in band over MCP and with 403 over REST; an
 * OWNER is not.
 */
class OwnerRuleIntegrationTest extends QuiverIntegrationTest {

	@Test
	void anAdminIsRefusedWhatOnlyAnOwnerMayDo_andAnOwnerIsNot() {
		String org = this.organizations.create("owner-rule");
		new OrgAdmin(rest(org, "owner")).invite("ada", "ADMIN");
		Rest ada = rest(org, "ada");

		Rest.Response invite = ada.post("/api/v1/members", Map.of("subject", "olga", "role", "OWNER"));
		assertThat(invite.status()).as(invite.body()).isEqualTo(403);
		assertThat(invite.json().path("code").asText()).isEqualTo("member.owner-required");
		assertThat(invite.json().path("detail").asText()).contains("your role is ADMIN");

		Mcp.Result demote;
		try (Mcp client = mcp(org, "ada")) {
			demote = client.call("quiver__members__change_role", Map.of("member", "owner", "role", "MEMBER"));
		}
		assertThat(demote.isError()).isTrue();
		assertThat(demote.text()).startsWith("member.owner-required: only an OWNER");

		Rest.Response promote = rest(org, "owner").post("/api/v1/members", Map.of("subject", "olga", "role", "OWNER"));
		assertThat(promote.status()).as(promote.body()).isEqualTo(201);
		assertThat(promote.json().path("role").asText()).isEqualTo("OWNER");
	}

}
