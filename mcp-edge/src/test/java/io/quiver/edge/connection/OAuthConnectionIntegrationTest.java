package io.quiver.edge.connection;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.quiver.command.connection.api.MarkReauthorizationNeededCommand;
import io.quiver.command.connection.vault.Credential;
import io.quiver.command.shared.api.Actor;
import io.quiver.edge.support.Commands;
import io.quiver.support.DatabaseGrep;
import io.quiver.support.HeadlessChromium;
import io.quiver.support.Mcp;
import io.quiver.support.Organizations;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import io.quiver.support.StoredGrants;
import io.quiver.support.SignInServer;
import io.quiver.support.TestOAuthProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * An {@code http} connector that connects by OAuth (SPEC R4.5), against a real OAuth
 * provider started by the test ({@link TestOAuthProvider}: Spring Authorization Server,
 * PKCE required, rotating refresh tokens, opaque access tokens, RFC 7009 revocation, an
 * API behind it). Two Quiver nodes on one database: the sign-in server (its public URL is
 * the address it serves, so the provider's redirect reaches its callback) and the shared
 * test context. The member connects in headless Chromium from the
 * {@code authorizationUrl} that {@code quiver__connections__create} answered, calls the
 * API's tool, the token expires and calls racing on both nodes refresh it exactly once, a
 * grant the provider dropped makes the connection {@code reauthorization-needed}
 * (answered in band), the member reconnects, and revoking revokes at the provider, whose
 * API then refuses the token. The client secret and every token are in no table in clear,
 * no log line and no tool result.
 */
@ExtendWith(OutputCaptureExtension.class)
class OAuthConnectionIntegrationTest extends QuiverIntegrationTest {

	private static final String SECRET = "app-client-secret-canary-51c9";

	private static HeadlessChromium chromium;

	private static TestOAuthProvider provider;

	private static String org;

	private static String base;

	@BeforeAll
	static void start() throws IOException {
		assumeTrue(HeadlessChromium.available(), "Chromium and chromedriver are not installed");
		base = SignInServer.baseUrl();
		org = SignInServer.app().bean(Organizations.class).create("oauth");
		provider = TestOAuthProvider.start(base + "/oauth/connect/callback", SECRET);
		chromium = HeadlessChromium.start();
	}

	@AfterAll
	static void stop() throws Exception {
		HeadlessChromium.closeAll(chromium, provider);
	}

	@Test
	void aMemberConnectsByOAuthAndTheGrantIsRefreshedOnceRenewedAndRevokedAtTheProvider(CapturedOutput output)
			throws Exception {
		Rest owner = SignInServer.app().as("owner", org);
		Rest.Response registered = owner.post("/api/v1/catalog", Map.of("id", "testapp", "label", "Test App", "kind",
				"http", "openapi", provider.openApi(), "allowPrivateNetwork", true));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		Rest.Response client = owner.put("/api/v1/catalog/testapp/oauth-client",
				Map.of("clientId", TestOAuthProvider.CLIENT_ID, "clientSecret", SECRET));
		assertThat(client.status()).as(client.body()).isEqualTo(200);
		assertThat(client.json().path("redirectUri").asText()).isEqualTo(base + "/oauth/connect/callback");
		assertThat(client.body()).doesNotContain(SECRET);

		List<String> results = new ArrayList<>();
		try (Mcp mcp = Mcp.connect(base, SignInServer.app().token("owner", org))) {
			Mcp.Result created = mcp.call("quiver__connections__create",
					Map.of("connector", "testapp", "label", "app-alice"));
			assertThat(created.isError()).as(created.text()).isFalse();
			assertThat(created.structured().path("grantStatus").asText()).isEqualTo("PENDING_AUTHORIZATION");
			String authorizationUrl = created.structured().path("authorizationUrl").asText();
			assertThat(authorizationUrl).as("Quiver's start link, which binds the browser")
				.startsWith(base + "/oauth/connect/start?state=");

			Mcp.Result pending = mcp.call("app-alice__whoami", Map.of());
			assertThat(pending.isError()).isTrue();
			assertThat(pending.text()).contains("app-alice");

			WebDriver browser = chromium.driver();
			WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
			browser.get(authorizationUrl);
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("username")));
			browser.findElement(By.id("username")).sendKeys(TestOAuthProvider.USER);
			browser.findElement(By.id("password")).sendKeys(TestOAuthProvider.PASSWORD);
			browser.findElement(By.cssSelector("button[type=submit]")).click();
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("connected")));
			assertThat(browser.getCurrentUrl()).startsWith(base + "/oauth/connect/callback");

			Mcp.Result whoami = mcp.call("app-alice__whoami", Map.of());
			assertThat(whoami.isError()).as(whoami.text()).isFalse();
			assertThat(whoami.text()).contains(TestOAuthProvider.USER);
			results.add(whoami.text());
			Rest.Response connection = owner.get("/api/v1/connections/app-alice");
			assertThat(connection.json().path("grantStatus").asText()).isEqualTo("ACTIVE");
			assertThat(connection.json().path("grantType").asText()).isEqualTo("OAUTH");
			Credential.OAuth first = grants().of("app-alice");
			assertThat(first.refreshToken()).isNotNull();
			assertThat(first.expiresAt()).isAfter(Instant.now());

			// the access token expires: calls racing on two nodes refresh it once
			grants().expire("app-alice");
			int before = provider.refreshes();
			for (String text : raceOnTwoNodes(org, "owner", "app-alice__whoami", 8)) {
				assertThat(text).contains(TestOAuthProvider.USER);
				results.add(text);
			}
			assertThat(provider.refreshes() - before).isEqualTo(1);
			Credential.OAuth refreshed = grants().of("app-alice");
			assertThat(refreshed.accessToken()).isNotEqualTo(first.accessToken());
			assertThat(refreshed.refreshToken()).as("rotated").isNotEqualTo(first.refreshToken());
			assertThat(owner.get("/api/v1/connections/app-alice").json().path("grantFingerprint").asText())
				.as("the grant is the same")
				.isEqualTo(connection.json().path("grantFingerprint").asText());

			// the provider drops the grant: the refresh fails, the member must reconnect
			OAuth2AuthorizationService authorizations = providerAuthorizations();
			OAuth2Authorization dropped = provider.authorization(refreshed.accessToken());
			authorizations.remove(dropped);
			grants().expire("app-alice");
			Mcp.Result failed = mcp.call("app-alice__whoami", Map.of());
			assertThat(failed.isError()).isTrue();
			assertThat(failed.text()).contains("app-alice", "reconnect", "quiver__connections__refresh");
			results.add(failed.text());
			assertThat(owner.get("/api/v1/connections/app-alice").json().path("grantStatus").asText())
				.isEqualTo("REAUTHORIZATION_NEEDED");
			Mcp.Result gated = mcp.call("app-alice__whoami", Map.of());
			assertThat(gated.isError()).isTrue();
			assertThat(gated.text()).contains("app-alice", "reconnect");

			Mcp.Result reconnect = mcp.call("quiver__connections__refresh", Map.of("connection", "app-alice"));
			assertThat(reconnect.isError()).as(reconnect.text()).isFalse();
			browser.get(reconnect.structured().path("authorizationUrl").asText());
			// signed in at the provider still: it redirects at once
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("connected")));
			Mcp.Result again = mcp.call("app-alice__whoami", Map.of());
			assertThat(again.isError()).as(again.text()).isFalse();
			assertThat(again.text()).contains(TestOAuthProvider.USER);
			Credential.OAuth renewed = grants().of("app-alice");

			// revoking revokes at the provider: its API refuses the token from then on
			assertThat(me(renewed.accessToken())).isEqualTo(200);
			Mcp.Result revoked = mcp.call("quiver__connections__revoke_grant", Map.of("connection", "app-alice"));
			assertThat(revoked.isError()).as(revoked.text()).isFalse();
			assertThat(me(renewed.accessToken())).isEqualTo(401);
			results.add(revoked.text());

			// reconnected after the revocation, then deleted: deleting revokes at the
			// provider too
			Mcp.Result after = mcp.call("quiver__connections__refresh", Map.of("connection", "app-alice"));
			assertThat(after.isError()).as(after.text()).isFalse();
			browser.get(after.structured().path("authorizationUrl").asText());
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("connected")));
			Credential.OAuth last = grants().of("app-alice");
			assertThat(me(last.accessToken())).isEqualTo(200);

			// the organisation sets its client again (a new secret; the old one is
			// erased):
			// the grant made with the old one cannot refresh and asks to be reconnected,
			// and
			// reconnecting (which would revoke the grant it replaces) does not fail on it
			assertThat(owner
				.put("/api/v1/catalog/testapp/oauth-client",
						Map.of("clientId", TestOAuthProvider.CLIENT_ID, "clientSecret", SECRET))
				.status()).isEqualTo(200);
			grants().expire("app-alice");
			Mcp.Result stale = mcp.call("app-alice__whoami", Map.of());
			assertThat(stale.isError()).isTrue();
			assertThat(stale.text()).contains("app-alice", "reconnect");
			assertThat(owner.get("/api/v1/connections/app-alice").json().path("grantStatus").asText())
				.isEqualTo("REAUTHORIZATION_NEEDED");
			Mcp.Result current = mcp.call("quiver__connections__refresh", Map.of("connection", "app-alice"));
			assertThat(current.isError()).as(current.text()).isFalse();
			browser.get(current.structured().path("authorizationUrl").asText());
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("connected")));
			Credential.OAuth stranded = last;
			last = grants().of("app-alice");
			assertThat(me(last.accessToken())).isEqualTo(200);

			// authorized again while the grant is live at the provider (a refresh failed,
			// the provider kept the grant): the replaced grant is revoked there
			String held = owner.get("/api/v1/connections/app-alice").json().path("grantFingerprint").asText();
			SignInServer.app()
				.bean(Commands.class)
				.sendAs(new Actor("test", "test", "test", "OWNER"),
						new MarkReauthorizationNeededCommand(
								owner.get("/api/v1/connections/app-alice").json().path("connectionId").asText(), org,
								held, "temporarily_unavailable"));
			Mcp.Result replace = mcp.call("quiver__connections__refresh", Map.of("connection", "app-alice"));
			assertThat(replace.isError()).as(replace.text()).isFalse();
			browser.get(replace.structured().path("authorizationUrl").asText());
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("connected")));
			assertThat(browser.findElement(By.id("message")).getText()).contains("app-alice");
			Credential.OAuth replaced = last;
			last = grants().of("app-alice");
			assertThat(last.accessToken()).isNotEqualTo(replaced.accessToken());
			assertThat(me(replaced.accessToken())).as("the replaced grant is revoked at the provider").isEqualTo(401);
			assertThat(me(last.accessToken())).isEqualTo(200);
			Mcp.Result deleted = mcp.call("quiver__connections__delete", Map.of("connection", "app-alice"));
			assertThat(deleted.isError()).as(deleted.text()).isFalse();
			assertThat(me(last.accessToken())).isEqualTo(401);

			// the trail names the grant each call presented, by fingerprint, never a
			// token
			String fingerprint = connection.json().path("grantFingerprint").asText();
			Rest.Response trail = owner.get("/api/v1/audit?limit=500");
			assertThat(trail.status()).as(trail.body()).isEqualTo(200);
			assertThat(trail.json().path("entries").findValuesAsText("grantFingerprint")).contains(fingerprint);
			results.add(trail.body());
			results.add(owner.get("/api/v1/audit/changes?limit=500").body());

			List<String> canaries = List.of(SECRET, first.accessToken(), first.refreshToken(), refreshed.accessToken(),
					refreshed.refreshToken(), renewed.accessToken(), renewed.refreshToken(), replaced.accessToken(),
					replaced.refreshToken(), stranded.accessToken(), stranded.refreshToken(), last.accessToken(),
					last.refreshToken());
			DataSource database = SignInServer.app().bean(DataSource.class);
			for (String canary : canaries) {
				assertThat(DatabaseGrep.find(database, canary)).as("tables holding a secret").isEmpty();
				assertThat(output.getAll()).doesNotContain(canary);
				assertThat(String.join("\n", results)).doesNotContain(canary);
			}
		}
	}

	private static OAuth2AuthorizationService providerAuthorizations() {
		return provider.authorizations();
	}

	private static StoredGrants grants() {
		return new StoredGrants(SignInServer.app(), org);
	}

	/** The provider's API with this access token: its HTTP status. */
	private static int me(String accessToken) throws Exception {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(provider.url() + "/api/me"))
				.header("Authorization", "Bearer " + accessToken)
				.build(), HttpResponse.BodyHandlers.ofString());
		return response.statusCode();
	}

}
