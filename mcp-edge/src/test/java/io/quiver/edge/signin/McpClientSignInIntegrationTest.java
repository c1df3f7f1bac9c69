package io.quiver.edge.signin;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.quiver.support.HeadlessChromium;
import io.quiver.support.Organizations;
import io.quiver.support.SignInServer;
import io.quiver.support.TestCertificates;
import io.quiver.support.TypeScriptSdk;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * SPEC R14 end to end, as a new user's AI client would do it: the official TypeScript SDK
 * client's own OAuth flow ({@code auth()}, {@code StreamableHTTPClientTransport}, an
 * {@code OAuthClientProvider}) in a real Node process against a started Quiver, and
 * Debian's headless Chromium clicking through the sign-in and the consent page: 401 →
 * Protected Resource Metadata → authorization server metadata → registration (once by a
 * Client ID Metadata Document served over https on loopback, once by dynamic
 * registration) → authorization with PKCE → token → {@code initialize},
 * {@code tools/list}, {@code tools/call} → refresh (rotated) → revocation (RFC 7009) →
 * the next call answers 401. Skipped when Chromium, chromedriver or Node is missing
 * ({@code .ci/run} installs them).
 */
class McpClientSignInIntegrationTest {

	private static HeadlessChromium chromium;

	private static HttpsServer documents;

	private static String documentUrl;

	private static String base;

	private static Organizations organizations;

	private static JdbcTemplate jdbc;

	@BeforeAll
	static void start() throws IOException {
		assumeTrue(HeadlessChromium.available(), "Chromium and chromedriver are not installed");
		assumeTrue(TypeScriptSdk.available(), "node and npm are not installed");
		base = SignInServer.baseUrl();
		organizations = SignInServer.app().bean(Organizations.class);
		jdbc = SignInServer.app().bean(JdbcTemplate.class);
		chromium = HeadlessChromium.start();
		documents = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		documents.setHttpsConfigurator(new HttpsConfigurator(TestCertificates.serverContext()));
		documentUrl = "https://127.0.0.1:" + documents.getAddress().getPort() + "/clients/ts-sdk.json";
		documents.createContext("/clients/ts-sdk.json", (exchange) -> {
			byte[] body = ("{\"client_id\":\"" + documentUrl + "\",\"client_name\":\"TS SDK by its document\","
					+ "\"redirect_uris\":[\"http://127.0.0.1/callback\"],\"grant_types\":[\"authorization_code\","
					+ "\"refresh_token\"],\"response_types\":[\"code\"],\"token_endpoint_auth_method\":\"none\"}")
				.getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.getResponseHeaders().add("Cache-Control", "max-age=60");
			exchange.sendResponseHeaders(200, body.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		});
		documents.start();
	}

	@AfterAll
	static void stop() {
		if (chromium != null) {
			chromium.close();
		}
		if (documents != null) {
			documents.stop(0);
		}
	}

	@Test
	void aTypeScriptClientRegistersDynamicallySignsInCallsRefreshesAndIsRevoked() throws IOException {
		String org = organizations.create("signin-dcr");
		JsonNode summary = signInWithTheSdk(org, null, "TS SDK test client");

		assertTheWholeFlow(summary, org);
		String clientId = summary.path("authorize").path("clientId").asText();
		assertThat(clientId).startsWith("qc-");
		assertThat(jdbc.queryForObject("SELECT kind FROM client_directory WHERE client_id = ?", String.class, clientId))
			.isEqualTo("DYNAMIC");
		assertThat(revocationOfTheConsent(org, clientId)).isEqualTo("TOKEN_REVOKED");
	}

	@Test
	void aTypeScriptClientIdentifiedByItsMetadataDocumentSignsInCallsRefreshesAndIsRevoked() throws IOException {
		String org = organizations.create("signin-cimd");
		JsonNode summary = signInWithTheSdk(org, documentUrl, "TS SDK by its document");

		assertTheWholeFlow(summary, org);
		assertThat(summary.path("authorize").path("clientId").asText()).isEqualTo(documentUrl);
		assertThat(
				jdbc.queryForObject("SELECT kind FROM client_directory WHERE client_id = ?", String.class, documentUrl))
			.isEqualTo("METADATA_DOCUMENT");
		assertThat(revocationOfTheConsent(org, documentUrl)).isEqualTo("TOKEN_REVOKED");
	}

	private static void assertTheWholeFlow(JsonNode summary, String org) {
		assertThat(summary.path("error").isMissingNode()).as(summary.toString()).isTrue();
		assertThat(summary.path("failures").isMissingNode()).as(summary.toString()).isTrue();
		assertThat(summary.path("authorize").path("resource").asText()).isEqualTo(base + "/mcp");
		assertThat(summary.path("authorize").path("method").asText()).isEqualTo("S256");
		assertThat(summary.path("authorize").path("scope").asText()).contains("mcp:read", "mcp:tools");
		assertThat(summary.path("callback").path("iss").asText()).isEqualTo(base);
		assertThat(summary.path("callback").path("hasCode").asBoolean()).isTrue();
		assertThat(summary.path("tools").toString()).contains("quiver__org__get", "quiver__clients__list");
		assertThat(summary.path("orgGet").path("isError").asBoolean()).isFalse();
		assertThat(summary.path("orgGet").path("orgId").asText()).isEqualTo(org);
		assertThat(summary.path("refresh").path("result").asText()).isEqualTo("AUTHORIZED");
		assertThat(summary.path("refresh").path("newAccess").asBoolean()).isTrue();
		assertThat(summary.path("refresh").path("rotated").asBoolean()).isTrue();
		assertThat(summary.path("afterRefresh").path("isError").asBoolean()).isFalse();
		assertThat(summary.path("revoke").path("status").asInt()).isEqualTo(200);
		assertThat(summary.path("afterRevoke").path("status").asInt()).isEqualTo(401);
		assertThat(summary.path("afterRevoke").path("challenge").asText()).contains("invalid_token");
		assertThat(summary.path("refreshAfterRevoke").path("status").asInt()).isEqualTo(400);
		assertThat(summary.path("refreshAfterRevoke").path("body").path("error").asText()).isEqualTo("invalid_grant");
	}

	/** Runs the SDK's flow, signing in as the organisation's owner in the browser. */
	private static JsonNode signInWithTheSdk(String org, String metadataUrl, String clientName) throws IOException {
		List<String> arguments = (metadataUrl != null) ? List.of(base + "/mcp", metadataUrl) : List.of(base + "/mcp");
		try (TypeScriptSdk.Script script = TypeScriptSdk.run("signin/ts-sdk-oauth-client.mjs",
				arguments.toArray(String[]::new))) {
			String authorize = script.next("authorize").path("authorize").asText();
			WebDriver browser = chromium.driver();
			browser.manage().deleteAllCookies();
			WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
			browser.get(authorize);
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("dev-sign-in")));
			browser.findElement(By.id("subject")).sendKeys("owner");
			browser.findElement(By.id("organization")).clear();
			browser.findElement(By.id("organization")).sendKeys(org);
			browser.findElement(By.id("sign-in")).click();
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("consent")));
			assertThat(browser.findElement(By.id("client-name")).getText()).isEqualTo(clientName);
			assertThat(browser.findElement(By.id("redirect-host")).getText()).isEqualTo("127.0.0.1");
			browser.findElement(By.id("allow")).click();
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("done")));
			return script.next("summary").path("summary");
		}
	}

	private static String revocationOfTheConsent(String org, String clientId) {
		Map<String, Object> consent = jdbc.queryForMap(
				"SELECT revoked_why FROM client_consent_directory WHERE org_id = ? AND client_id = ?", org, clientId);
		return (String) consent.get("revoked_why");
	}

}
