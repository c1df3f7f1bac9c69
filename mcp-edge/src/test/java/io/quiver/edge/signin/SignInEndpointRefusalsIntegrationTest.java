package io.quiver.edge.signin;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.QuiverIntegrationTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the authorization server answers a client it cannot authenticate, and the client
 * names it refuses (SPEC R14.2), over real HTTP: an endpoint a client calls answers the
 * OAuth error in JSON, never the HTML sign-in page a browser is sent to; a client name
 * with control or invisible formatting characters is refused and records nothing.
 */
class SignInEndpointRefusalsIntegrationTest extends QuiverIntegrationTest {

	@Autowired
	JdbcTemplate jdbc;

	private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

	private OAuthDriver oauth;

	@BeforeEach
	void driver() {
		this.oauth = new OAuthDriver(baseUrl());
	}

	@Test
	void aTokenRequestWithoutAnAuthenticatedClientAnswersInvalidClientInJson() throws Exception {
		String client = this.oauth.register();
		for (String form : List.of("grant_type=client_credentials&client_id=" + client,
				"grant_type=refresh_token&refresh_token=abc", "grant_type=authorization_code&code=abc", "%%%&&==")) {
			HttpResponse<String> answer = post("/oauth2/token", "application/x-www-form-urlencoded", form);

			assertThat(answer.statusCode()).as(form).isEqualTo(401);
			assertThat(answer.headers().firstValue("Location")).as(form).isEmpty();
			assertThat(answer.headers().firstValue("Content-Type").orElse("")).as(form).startsWith("application/json");
			assertThat(OAuthDriver.json(answer).path("error").asText()).as(form).isEqualTo("invalid_client");
		}
		HttpResponse<String> json = post("/oauth2/token", "application/json", "{\"grant_type\":\"refresh_token\"}");
		assertThat(json.statusCode()).isEqualTo(401);
		assertThat(OAuthDriver.json(json).path("error").asText()).isEqualTo("invalid_client");
	}

	@Test
	void theOtherClientEndpointsAnswerTheOAuthErrorAndTheAuthorizationPageStillSignsIn() throws Exception {
		for (String path : List.of("/oauth2/introspect", "/oauth2/device_authorization")) {
			HttpResponse<String> answer = post(path, "application/x-www-form-urlencoded", "token=abc&scope=mcp:read");
			assertThat(answer.statusCode()).as(path).isEqualTo(401);
			assertThat(answer.headers().firstValue("Location")).as(path).isEmpty();
			assertThat(OAuthDriver.json(answer).path("error").asText()).as(path).isEqualTo("invalid_client");
		}
		HttpResponse<String> userInfo = this.oauth.get("/userinfo");
		assertThat(userInfo.statusCode()).isEqualTo(401);
		assertThat(userInfo.headers().firstValue("WWW-Authenticate").orElse("")).startsWith("Bearer");
		assertThat(OAuthDriver.json(userInfo).path("error").asText()).isEqualTo("invalid_token");

		StringBuilder query = new StringBuilder();
		this.oauth.request(this.oauth.register(), OAuthDriver.Pkce.create(), "mcp:read")
			.forEach((name, value) -> query.append(query.isEmpty() ? "?" : "&")
				.append(name)
				.append('=')
				.append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
		HttpResponse<String> browser = this.oauth.get("/oauth2/authorize" + query);
		assertThat(browser.statusCode()).isEqualTo(302);
		assertThat(OAuthDriver.location(browser)).endsWith(AuthorizationServerConfiguration.SIGN_IN);
	}

	@Test
	void aClientNameWithControlOrInvisibleCharactersIsRefused() {
		long before = events();
		for (String name : List.of("a\u0000b", "Claude\u001b[31m", "two\nlines", "tab\there", "Claude\u202Eedoc",
				"zero\u200Bwidth")) {
			HttpResponse<String> answer = this.oauth
				.register(Map.of("client_name", name, "redirect_uris", List.of(OAuthDriver.REDIRECT)));

			assertThat(answer.statusCode()).as(name).isEqualTo(400);
			JsonNode error = OAuthDriver.json(answer);
			assertThat(error.path("error").asText()).as(name).isEqualTo("invalid_client_metadata");
			assertThat(error.path("error_description").asText()).as(name).contains("client_name");
		}
		assertThat(events()).isEqualTo(before);
		HttpResponse<String> plain = this.oauth
			.register(Map.of("client_name", "Claude Code · 2", "redirect_uris", List.of(OAuthDriver.REDIRECT)));
		assertThat(plain.statusCode()).isEqualTo(201);
	}

	private HttpResponse<String> post(String path, String contentType, String body)
			throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(URI.create(baseUrl() + path))
			.header("Content-Type", contentType)
			.header("Accept", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private long events() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM domainevententry", Long.class);
	}

}
