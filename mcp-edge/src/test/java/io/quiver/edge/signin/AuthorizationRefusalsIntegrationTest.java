package io.quiver.edge.signin;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.edge.console.ConsoleHttp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every bad input of the sign-in (SPEC R14.2, R14.3, R14.5) gets the RFC's error and
 * changes nothing: no event, no code, no token. On the shared test context, where
 * {@code quiver.oauth.cimd.allow-private-hosts} is off.
 */
class AuthorizationRefusalsIntegrationTest extends QuiverIntegrationTest {

	@Autowired
	JdbcTemplate jdbc;

	private OAuthDriver oauth;

	private String org;

	@BeforeEach
	void organisation() {
		this.oauth = new OAuthDriver(baseUrl());
		this.org = this.organizations.create("refusals");
	}

	@Test
	void anUnknownClientIsRefusedWithoutARedirect() {
		long before = events();
		HttpResponse<String> answer = this.oauth.authorize(this.oauth.signIn(this.org, "owner"),
				this.oauth.request("qc-no-such-client", OAuthDriver.Pkce.create(), "mcp:read"));

		assertThat(answer.statusCode()).isEqualTo(400);
		assertThat(answer.headers().firstValue("Location")).isEmpty();
		assertThat(OAuthDriver.json(answer).path("error").asText()).isEqualTo("invalid_request");
		assertThat(events()).isEqualTo(before);
	}

	@Test
	void aRedirectUriNotRegisteredIsRefusedWithoutARedirect() {
		String client = this.oauth.register();
		Map<String, String> request = this.oauth.request(client, OAuthDriver.Pkce.create(), "mcp:read");
		request.put("redirect_uri", "https://attacker.example/callback");

		HttpResponse<String> answer = this.oauth.authorize(this.oauth.signIn(this.org, "owner"), request);

		assertThat(answer.statusCode()).isEqualTo(400);
		assertThat(answer.headers().firstValue("Location")).isEmpty();
		assertThat(OAuthDriver.json(answer).path("error").asText()).isEqualTo("invalid_request");
		assertThat(authorizationsOf(client)).isZero();
	}

	@Test
	void aRegistrationWithARedirectUriNeitherLoopbackNorHttpsIsRefused() {
		long before = events();
		for (String uri : List.of("http://example.com/callback", "cursor://anysphere/callback", "https://a/b#frag",
				"not a uri")) {
			HttpResponse<String> answer = this.oauth.register(Map.of("redirect_uris", List.of(uri)));
			assertThat(answer.statusCode()).as(uri).isEqualTo(400);
			assertThat(OAuthDriver.json(answer).path("error").asText()).as(uri).isEqualTo("invalid_redirect_uri");
		}
		HttpResponse<String> confidential = this.oauth.register(Map.of("redirect_uris", List.of(OAuthDriver.REDIRECT),
				"token_endpoint_auth_method", "client_secret_basic"));
		assertThat(confidential.statusCode()).isEqualTo(400);
		assertThat(OAuthDriver.json(confidential).path("error").asText()).isEqualTo("invalid_client_metadata");
		assertThat(events()).isEqualTo(before);
	}

	@Test
	void aMetadataDocumentOnAPrivateAddressIsNotFetched() {
		long before = events();
		HttpResponse<String> answer = this.oauth.authorize(this.oauth.signIn(this.org, "owner"),
				this.oauth.request("https://127.0.0.1:1/clients/private.json", OAuthDriver.Pkce.create(), "mcp:read"));

		assertThat(answer.statusCode()).isEqualTo(401);
		JsonNode error = OAuthDriver.json(answer);
		assertThat(error.path("error").asText()).isEqualTo("invalid_client");
		assertThat(error.path("error_description").asText()).contains("loopback address");
		assertThat(events()).isEqualTo(before);
	}

	@Test
	void pkceMissingOrPlainIsRefused() {
		String client = this.oauth.register();
		ConsoleHttp session = this.oauth.signIn(this.org, "owner");
		Map<String, String> missing = this.oauth.request(client, OAuthDriver.Pkce.create(), "mcp:read");
		missing.remove("code_challenge");
		missing.remove("code_challenge_method");
		Map<String, String> plain = this.oauth.request(client, OAuthDriver.Pkce.create(), "mcp:read");
		plain.put("code_challenge_method", "plain");

		for (Map<String, String> request : List.of(missing, plain)) {
			Map<String, String> answer = OAuthDriver
				.query(OAuthDriver.location(this.oauth.authorize(session, request)));
			assertThat(answer).containsEntry("error", "invalid_request").containsEntry("state", "client-state-1");
			assertThat(answer.get("error_uri")).contains("rfc7636");
			assertThat(answer).doesNotContainKey("code");
		}
		assertThat(authorizationsOf(client)).isZero();
	}

	@Test
	void aCodeExchangeWithoutItsVerifierIsRefused() {
		String client = this.oauth.register();
		String code = this.oauth.code(this.org, "owner", client, OAuthDriver.Pkce.create(), "mcp:read");

		HttpResponse<String> noVerifier = this.oauth.token(Map.of("grant_type", "authorization_code", "code", code,
				"redirect_uri", OAuthDriver.REDIRECT, "client_id", client));
		HttpResponse<String> wrongVerifier = this.oauth.exchange(client, code, OAuthDriver.Pkce.create().verifier());

		assertThat(noVerifier.statusCode()).isEqualTo(400);
		assertThat(OAuthDriver.json(noVerifier).path("error").asText()).isEqualTo("invalid_grant");
		assertThat(wrongVerifier.statusCode()).isEqualTo(400);
		assertThat(OAuthDriver.json(wrongVerifier).path("error").asText()).isEqualTo("invalid_grant");
	}

	@Test
	void aResourceMissingOrForeignIsRefused() {
		String client = this.oauth.register();
		ConsoleHttp session = this.oauth.signIn(this.org, "owner");
		Map<String, String> missing = this.oauth.request(client, OAuthDriver.Pkce.create(), "mcp:read");
		missing.remove("resource");
		Map<String, String> foreign = this.oauth.request(client, OAuthDriver.Pkce.create(), "mcp:read");
		foreign.put("resource", "https://other.example/mcp");

		for (Map<String, String> request : List.of(missing, foreign)) {
			Map<String, String> answer = OAuthDriver
				.query(OAuthDriver.location(this.oauth.authorize(session, request)));
			assertThat(answer).containsEntry("error", "invalid_target").containsEntry("iss", issuer());
			assertThat(answer).doesNotContainKey("code");
		}
		assertThat(authorizationsOf(client)).isZero();
	}

	@Test
	void aScopeBeyondTheRolesCapCannotBeGranted() {
		Rest owner = rest(this.org, "owner");
		owner.post("/api/v1/members", Map.of("subject", "alice", "role", "MEMBER"));
		assertThat(owner.patch("/api/v1/org/settings", Map.of("scopeCaps", Map.of("MEMBER", List.of("mcp:read"))))
			.status()).isEqualTo(200);
		String client = this.oauth.register();
		ConsoleHttp alice = this.oauth.signIn(this.org, "alice");
		String state = this.oauth.consentState(alice, this.oauth.authorize(alice,
				this.oauth.request(client, OAuthDriver.Pkce.create(), "mcp:read mcp:write")));
		long before = events();

		Map<String, String> answer = OAuthDriver
			.query(OAuthDriver.location(this.oauth.consent(alice, client, state, List.of("mcp:read", "mcp:write"))));

		assertThat(answer).containsEntry("error", "invalid_scope").doesNotContainKey("code");
		assertThat(answer.get("error_description")).contains("mcp:write");
		assertThat(events()).isEqualTo(before);
	}

	@Test
	void aReplayedCodeIsRefusedAndEndsWhatItIssued() {
		String client = this.oauth.register();
		OAuthDriver.Pkce pkce = OAuthDriver.Pkce.create();
		String code = this.oauth.code(this.org, "owner", client, pkce, "mcp:read");
		JsonNode tokens = OAuthDriver.json(this.oauth.exchange(client, code, pkce.verifier()));
		String access = tokens.path("access_token").asText();
		assertThat(this.oauth.mcpStatus(access)).isEqualTo(200);

		HttpResponse<String> replay = this.oauth.exchange(client, code, pkce.verifier());

		assertThat(replay.statusCode()).isEqualTo(400);
		assertThat(OAuthDriver.json(replay).path("error").asText()).isEqualTo("invalid_grant");
		assertThat(this.oauth.mcpStatus(access)).isEqualTo(401);
		assertThat(OAuthDriver.json(this.oauth.refresh(client, tokens.path("refresh_token").asText()))
			.path("error")
			.asText()).isEqualTo("invalid_grant");
		assertThat(revocationReason(client)).isEqualTo("CODE_REPLAYED");
	}

	@Test
	void theSameRefreshTokenPresentedTwiceAtOnceIsHonouredWithinTheGrace() {
		String client = this.oauth.register();
		OAuthDriver.Pkce pkce = OAuthDriver.Pkce.create();
		JsonNode tokens = OAuthDriver.json(this.oauth.exchange(client,
				this.oauth.code(this.org, "owner", client, pkce, "mcp:read"), pkce.verifier()));
		String refresh = tokens.path("refresh_token").asText();

		JsonNode first = OAuthDriver.json(this.oauth.refresh(client, refresh));
		JsonNode second = OAuthDriver.json(this.oauth.refresh(client, refresh));

		assertThat(first.path("refresh_token").asText()).isNotEqualTo(refresh);
		assertThat(second.path("refresh_token").asText()).isNotEqualTo(refresh)
			.isNotEqualTo(first.path("refresh_token").asText());
		assertThat(this.oauth.mcpStatus(first.path("access_token").asText())).isEqualTo(200);
		assertThat(this.oauth.mcpStatus(second.path("access_token").asText())).isEqualTo(200);
		assertThat(
				OAuthDriver.json(this.oauth.refresh(client, first.path("refresh_token").asText())).has("access_token"))
			.isTrue();
	}

	@Test
	void aSuspendedMemberCannotConsentAndARemovedMembersRefreshIsRefused() {
		Rest owner = rest(this.org, "owner");
		owner.post("/api/v1/members", Map.of("subject", "sam", "role", "MEMBER"));
		owner.post("/api/v1/members", Map.of("subject", "rita", "role", "MEMBER"));
		String client = this.oauth.register();

		ConsoleHttp sam = this.oauth.signIn(this.org, "sam");
		String state = this.oauth.consentState(sam,
				this.oauth.authorize(sam, this.oauth.request(client, OAuthDriver.Pkce.create(), "mcp:read")));
		assertThat(owner.post("/api/v1/members/sam/suspend", null).status()).isEqualTo(200);
		long before = events();
		Map<String, String> refused = OAuthDriver
			.query(OAuthDriver.location(this.oauth.consent(sam, client, state, List.of("mcp:read"))));
		assertThat(refused).containsEntry("error", "access_denied").doesNotContainKey("code");
		assertThat(events()).isEqualTo(before);

		OAuthDriver.Pkce pkce = OAuthDriver.Pkce.create();
		JsonNode tokens = OAuthDriver.json(this.oauth.exchange(client,
				this.oauth.code(this.org, "rita", client, pkce, "mcp:read"), pkce.verifier()));
		assertThat(owner.delete("/api/v1/members/rita").status()).isEqualTo(200);
		HttpResponse<String> refresh = this.oauth.refresh(client, tokens.path("refresh_token").asText());
		assertThat(refresh.statusCode()).isEqualTo(400);
		assertThat(OAuthDriver.json(refresh).path("error").asText()).isEqualTo("invalid_grant");
	}

	@Test
	void aRevokedClientsTokenFailsOnTheNextRequest() {
		String client = this.oauth.register();
		OAuthDriver.Pkce pkce = OAuthDriver.Pkce.create();
		JsonNode tokens = OAuthDriver.json(this.oauth.exchange(client,
				this.oauth.code(this.org, "owner", client, pkce, "mcp:read mcp:tools"), pkce.verifier()));
		String access = tokens.path("access_token").asText();
		Rest owner = rest(this.org, "owner");
		JsonNode listed = owner.get("/api/v1/clients").json();
		assertThat(listed.toString()).contains(client, "mcp:tools");
		assertThat(this.oauth.mcpStatus(access)).isEqualTo(200);

		assertThat(owner.post("/api/v1/clients/revoke", Map.of("client", client)).status()).isEqualTo(200);

		assertThat(this.oauth.mcpStatus(access)).isEqualTo(401);
		assertThat(owner.get("/api/v1/clients").json().toString()).doesNotContain(client);
		assertThat(revocationReason(client)).isEqualTo("BY_MEMBER");
	}

	private String issuer() {
		return this.oauth.resource.substring(0, this.oauth.resource.length() - "/mcp".length());
	}

	private long events() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM domainevententry", Long.class);
	}

	private int authorizationsOf(String client) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM oauth_authorization WHERE registered_client_id = ?",
				Integer.class, client);
	}

	private String revocationReason(String client) {
		return this.jdbc.queryForObject("SELECT revoked_why FROM client_consent_directory WHERE client_id = ?",
				String.class, client);
	}

}
