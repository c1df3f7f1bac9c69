package io.quiver.edge.signin;

import java.net.http.HttpResponse;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.Organizations;
import io.quiver.support.SignInServer;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rotated refresh token presented again after the grace revokes its whole family (SPEC
 * R14.5): the reuse is refused, the newest refresh token of the family and its live
 * access token stop working, and the consent is revoked by an event
 * ({@code REFRESH_TOKEN_REUSED}). On the server with no grace, so the reuse is past it at
 * once.
 */
class RefreshTokenReuseIntegrationTest {

	@Test
	void aReusedRefreshTokenRevokesItsFamily() {
		OAuthDriver oauth = new OAuthDriver(SignInServer.baseUrl());
		String org = SignInServer.app().bean(Organizations.class).create("reuse");
		String client = oauth.register();
		OAuthDriver.Pkce pkce = OAuthDriver.Pkce.create();
		JsonNode first = OAuthDriver
			.json(oauth.exchange(client, oauth.code(org, "owner", client, pkce, "mcp:read"), pkce.verifier()));
		JsonNode second = OAuthDriver.json(oauth.refresh(client, first.path("refresh_token").asText()));
		assertThat(oauth.mcpStatus(second.path("access_token").asText())).isEqualTo(200);

		HttpResponse<String> reuse = oauth.refresh(client, first.path("refresh_token").asText());

		assertThat(reuse.statusCode()).isEqualTo(400);
		assertThat(OAuthDriver.json(reuse).path("error").asText()).isEqualTo("invalid_grant");
		assertThat(oauth.mcpStatus(second.path("access_token").asText())).isEqualTo(401);
		assertThat(
				OAuthDriver.json(oauth.refresh(client, second.path("refresh_token").asText())).path("error").asText())
			.isEqualTo("invalid_grant");
		assertThat(SignInServer.app()
			.bean(JdbcTemplate.class)
			.queryForObject("SELECT revoked_why FROM client_consent_directory WHERE client_id = ?", String.class,
					client))
			.isEqualTo("REFRESH_TOKEN_REUSED");
	}

}
