package io.quiver.edge.connection;

import java.util.Map;

import io.quiver.command.connection.vault.Credential;
import io.quiver.support.Mcp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A credential is sent in an HTTP header, so one longer than any server takes, or holding
 * a NUL, is refused when it is given (SPEC R13 connections), over REST and in band on
 * {@code tools/call}, and no connection is created: a 200,000-character token was stored
 * and only failed at every call.
 */
class CredentialBoundsIntegrationTest extends QuiverIntegrationTest {

	private String org;

	private Rest owner;

	@BeforeEach
	void organisation() {
		this.org = this.organizations.create("credential-bounds");
		this.owner = rest(this.org, "owner");
	}

	@Test
	void anOversizedOrNulCredentialIsRefusedAndNothingIsCreated() {
		String oversized = "t".repeat(Credential.MAX_VALUE + 1);
		Rest.Response bearer = this.owner.post("/api/v1/connections", Map.of("connector", "notion", "label", "big",
				"credential", Map.of("type", "bearer", "token", oversized)));
		assertThat(bearer.status()).as(bearer.body()).isEqualTo(400);
		assertThat(bearer.json().path("detail").asText()).contains("token is longer than " + Credential.MAX_VALUE)
			.doesNotContain("ttttt");
		Rest.Response nul = this.owner.post("/api/v1/connections", Map.of("connector", "notion", "label", "nul",
				"credential", Map.of("type", "header", "name", "X-Api-Key", "value", "secret\u0000")));
		assertThat(nul.status()).as(nul.body()).isEqualTo(400);
		assertThat(nul.json().path("detail").asText()).contains("value contains a NUL character")
			.doesNotContain("secret");
		try (Mcp client = mcp(this.org, "owner")) {
			Mcp.Result call = client.call("quiver__connections__create", Map.of("connector", "notion", "label", "big",
					"credential", Map.of("type", "basic", "username", "u", "password", oversized)));
			assertThat(call.isError()).isTrue();
			assertThat(call.text()).contains("password is longer than");
		}
		assertThat(this.owner.get("/api/v1/connections").json().path("items")).as("nothing was created").isEmpty();

		Rest.Response fits = this.owner.post("/api/v1/connections", Map.of("connector", "notion", "label", "fits",
				"credential", Map.of("type", "bearer", "token", "t".repeat(Credential.MAX_VALUE))));
		assertThat(fits.status()).as(fits.body()).isEqualTo(201);
	}

}
