package io.quiver.edge.connection;

import java.util.Map;

import javax.sql.DataSource;

import io.quiver.support.DatabaseGrep;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Connection secrets never reach the database in clear (SPEC R1.3): after connecting with
 * canary credentials of every type, rotating and revoking, no table and no event payload
 * or metadata holds any of them; events and read models carry a vault reference and a
 * fingerprint only.
 */
class VaultCanaryIntegrationTest extends QuiverIntegrationTest {

	@Autowired
	DataSource dataSource;

	@Test
	void noSecretIsStoredInClearAnywhere() {
		String org = this.organizations.create("vault-canary");
		Rest owner = rest(org, "owner");
		String bearer = "canary-bearer-8f2c61aa";
		String header = "canary-header-3b9e0d47";
		String password = "canary-password-71c5e2f0";
		String rotated = "canary-rotated-a4d8b113";
		assertThat(owner
			.post("/api/v1/connections", Map.of("connector", "github", "label", "gh-canary", "credential",
					Map.of("type", "bearer", "token", bearer)))
			.status()).isEqualTo(201);
		assertThat(
				owner.post("/api/v1/connections",
						Map.of("connector", "slack", "label", "slack-canary", "credential",
								Map.of("type", "header", "name", "X-Api-Key", "value", header)))
					.status())
			.isEqualTo(201);
		Rest.Response basic = owner.post("/api/v1/connections", Map.of("connector", "stripe", "label", "stripe-canary",
				"credential", Map.of("type", "basic", "username", "sk", "password", password)));
		assertThat(basic.status()).isEqualTo(201);
		assertThat(basic.json().path("grantFingerprint").asText()).hasSize(16);
		assertThat(owner
			.post("/api/v1/connections/gh-canary/refresh",
					Map.of("credential", Map.of("type", "bearer", "token", rotated)))
			.status()).isEqualTo(200);
		assertThat(owner.post("/api/v1/connections/slack-canary/revoke-grant", null).status()).isEqualTo(200);

		for (String secret : new String[] { bearer, header, password, rotated }) {
			assertThat(DatabaseGrep.find(this.dataSource, secret)).as("where %s is stored", secret).isEmpty();
		}
		assertThat(DatabaseGrep.find(this.dataSource, "gh-canary")).as("the connection itself is stored").isNotEmpty();
	}

}
