package io.quiver.edge.signin;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.support.DatabaseGrep;
import io.quiver.support.HeadlessChromium;
import io.quiver.support.Organizations;
import io.quiver.support.Rest;
import io.quiver.support.SignInServer;
import io.quiver.support.TestIdentityProvider;
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

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A member signs in through their organisation's own OIDC identity provider (SPEC R14.4):
 * a real one (a second Spring Authorization Server started by the test) standing in for
 * the company's. The organisation's admin configures it over REST (the client secret goes
 * to the vault); an MCP client's authorization sends the member to the sign-in page,
 * where they choose the organisation, sign in at the provider in headless Chromium,
 * consent to fewer scopes than asked, and the client receives a Quiver token with exactly
 * the scopes consented. A subject of the provider that is not a member is refused with a
 * page saying so. The provider's client secret is in no table in clear and no log line.
 */
@ExtendWith(OutputCaptureExtension.class)
class OrganizationIdentityProviderIntegrationTest {

	private static final String SECRET = "idp-secret-canary-7f3a";

	private static HeadlessChromium chromium;

	private static TestIdentityProvider provider;

	private static String org;

	private static String base;

	@BeforeAll
	static void start() throws IOException {
		assumeTrue(HeadlessChromium.available(), "Chromium and chromedriver are not installed");
		base = SignInServer.baseUrl();
		org = SignInServer.app().bean(Organizations.class).create("idp");
		provider = TestIdentityProvider.start(base + "/console/login/oauth2/code/org-" + org, SECRET);
		chromium = HeadlessChromium.start();
	}

	@AfterAll
	static void stop() throws Exception {
		HeadlessChromium.closeAll(chromium, provider);
	}

	@Test
	void aMemberSignsInAtTheOrganisationsProviderAndGetsATokenWithTheScopesConsented(CapturedOutput output) {
		Rest owner = SignInServer.app().as("owner", org);
		Rest.Response configured = owner.put("/api/v1/org/identity-provider",
				Map.of("issuer", provider.issuer(), "clientId", TestIdentityProvider.CLIENT_ID, "clientSecret", SECRET,
						"allowedEmailDomains", List.of("example.test")));
		assertThat(configured.status()).as(configured.body()).isEqualTo(200);
		assertThat(configured.body()).doesNotContain(SECRET).contains("/console/sign-in/" + org);
		OAuthDriver oauth = new OAuthDriver(base);
		String client = oauth.register();
		OAuthDriver.Pkce pkce = OAuthDriver.Pkce.create();
		String authorize = base + "/oauth2/authorize?"
				+ form(oauth.request(client, pkce, "mcp:read mcp:write mcp:tools"));

		// not a member yet: the provider signs them in, Quiver refuses them with a page
		WebDriver browser = chromium.driver();
		WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
		signInAtTheProvider(browser, wait, authorize, true);
		wait.until(ExpectedConditions.presenceOfElementLocated(By.id("refusal")));
		assertThat(browser.findElement(By.id("refusal")).getText()).contains("is not a member of organisation '" + org);

		assertThat(
				owner.post("/api/v1/members", Map.of("subject", TestIdentityProvider.USER, "role", "MEMBER")).status())
			.isEqualTo(201);
		// signed in at the provider still: it answers at once, without its form
		signInAtTheProvider(browser, wait, authorize, false);
		wait.until(ExpectedConditions.presenceOfElementLocated(By.id("consent")));
		browser.findElement(By.id("scope-mcp-write")).click();
		browser.findElement(By.id("allow")).click();
		wait.until((driver) -> driver.getCurrentUrl().startsWith(OAuthDriver.REDIRECT));
		Map<String, String> answer = OAuthDriver.query(browser.getCurrentUrl());
		assertThat(answer).containsKey("code").containsEntry("iss", base);

		JsonNode tokens = OAuthDriver.json(oauth.exchange(client, answer.get("code"), pkce.verifier()));
		assertThat(List.of(tokens.path("scope").asText().split(" "))).containsExactlyInAnyOrder("mcp:read",
				"mcp:tools");
		assertThat(oauth.mcpStatus(tokens.path("access_token").asText())).isEqualTo(200);
		JsonNode clients = SignInServer.app().rest(tokens.path("access_token").asText()).get("/api/v1/clients").json();
		assertThat(clients.toString()).contains(client, TestIdentityProvider.USER);

		assertThat(DatabaseGrep.find(SignInServer.app().bean(DataSource.class), SECRET)).isEmpty();
		assertThat(output.getAll()).doesNotContain(SECRET);
	}

	private static void signInAtTheProvider(WebDriver browser, WebDriverWait wait, String authorize,
			boolean providerForm) {
		browser.get(authorize);
		wait.until(ExpectedConditions.presenceOfElementLocated(By.id("choose-organization")));
		browser.findElement(By.id("choose-org")).clear();
		browser.findElement(By.id("choose-org")).sendKeys(org);
		browser.findElement(By.id("choose")).click();
		wait.until(ExpectedConditions
			.presenceOfElementLocated(By.linkText("Sign in with the identity provider of " + org))).click();
		if (!providerForm) {
			return;
		}
		wait.until(ExpectedConditions.presenceOfElementLocated(By.id("username")));
		browser.findElement(By.id("username")).sendKeys(TestIdentityProvider.USER);
		browser.findElement(By.id("password")).sendKeys(TestIdentityProvider.PASSWORD);
		browser.findElement(By.cssSelector("button[type=submit]")).click();
	}

	private static String form(Map<String, String> parameters) {
		StringBuilder query = new StringBuilder();
		parameters.forEach((key, value) -> query.append(query.isEmpty() ? "" : "&")
			.append(key)
			.append('=')
			.append(java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8)));
		return query.toString();
	}

}
