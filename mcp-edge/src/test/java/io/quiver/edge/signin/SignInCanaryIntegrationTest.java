package io.quiver.edge.signin;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.DatabaseGrep;
import io.quiver.support.McpWire;
import io.quiver.support.QuiverIntegrationTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No authorization code, state, access token, refresh token or signing key of the
 * authorization server is in an event, a log line, the trail or in clear in any table
 * (SPEC R14.1): the whole flow runs, a tool is called with the token (so the trail has an
 * entry), the token is refreshed and revoked, and then every column of every table and
 * the log are searched for each value.
 */
@ExtendWith(OutputCaptureExtension.class)
class SignInCanaryIntegrationTest extends QuiverIntegrationTest {

	@Autowired
	DataSource dataSource;

	@Autowired
	JdbcTemplate jdbc;

	@Test
	void noCodeTokenOrKeyIsStoredOrLogged(CapturedOutput output) {
		OAuthDriver oauth = new OAuthDriver(baseUrl());
		String org = this.organizations.create("canary-signin");
		String client = oauth.register();
		OAuthDriver.Pkce pkce = OAuthDriver.Pkce.create();
		String code = oauth.code(org, "owner", client, pkce, "mcp:read mcp:tools");
		JsonNode tokens = OAuthDriver.json(oauth.exchange(client, code, pkce.verifier()));
		String access = tokens.path("access_token").asText();
		String refresh = tokens.path("refresh_token").asText();
		McpWire mcp = new McpWire(baseUrl(), access);
		assertThat(mcp
			.post(McpWire.request(1, "tools/call", Map.of("name", "quiver__org__get", "arguments", Map.of()))
				.toString())
			.status()).isEqualTo(200);
		JsonNode rotated = OAuthDriver.json(oauth.refresh(client, refresh));
		assertThat(oauth.revoke(client, rotated.path("refresh_token").asText()).statusCode()).isEqualTo(200);

		List<String> secrets = new ArrayList<>(List.of(code, access, refresh, pkce.verifier(),
				rotated.path("access_token").asText(), rotated.path("refresh_token").asText()));
		secrets.add(signature(access));
		for (String kid : this.jdbc.queryForList("SELECT vault_ref FROM oauth_signing_key", String.class)) {
			assertThat(kid).startsWith("vault-");
		}
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM oauth_authorization WHERE code_hash = ?",
				Integer.class, HashedAuthorizationService.hash(code)))
			.isOne();
		for (String secret : secrets) {
			assertThat(DatabaseGrep.find(this.dataSource, secret)).as("where a secret is stored").isEmpty();
			assertThat(output.getAll()).as("the log").doesNotContain(secret);
		}
		for (String publicJwk : this.jdbc.queryForList("SELECT public_jwk FROM oauth_signing_key", String.class)) {
			assertThat(publicJwk).doesNotContain("\"d\"").doesNotContain("\"p\"");
		}
	}

	/** The signature part of a JWT: unique to it, never stored. */
	private static String signature(String jwt) {
		return jwt.substring(jwt.lastIndexOf('.') + 1);
	}

}
