package io.quiver.edge.connection;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import io.quiver.command.connection.vault.Credential;
import io.quiver.support.DatabaseGrep;
import io.quiver.support.HeadlessChromium;
import io.quiver.support.Mcp;
import io.quiver.support.Organizations;
import io.quiver.support.QuiverApp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import io.quiver.support.StoredGrants;
import io.quiver.support.SignInServer;
import io.quiver.support.TestDatabase;
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
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A remote MCP server that requires the MCP authorization flow (SPEC R4.5): a second
 * Quiver, on a database of its own, whose embedded authorization server protects its
 * {@code /mcp}. The first Quiver (the sign-in server) discovers it as an MCP client does:
 * the unauthenticated {@code initialize} is answered 401 with
 * {@code WWW-Authenticate: Bearer resource_metadata=…}, then the Protected Resource
 * Metadata, the authorization server's metadata, dynamic registration (the first Quiver's
 * public URL is http on loopback, so not its Client ID Metadata Document), and the
 * authorization code with PKCE and {@code resource}. The member signs in and consents on
 * the second Quiver's consent page in headless Chromium; its tools are imported and
 * called through the first Quiver; the expired token is refreshed (rotated) at the second
 * Quiver exactly once although eight calls race on two nodes of the first Quiver (the
 * sign-in server and this class's node, on one database); revoking ends the consent
 * there, whose {@code /mcp} then refuses the token.
 */
@ExtendWith(OutputCaptureExtension.class)
class RemoteMcpOAuthIntegrationTest extends QuiverIntegrationTest {

	private static HeadlessChromium chromium;

	private static QuiverApp remote;

	private static String remoteUrl;

	private static String remoteOrg;

	private static String org;

	private static String base;

	@BeforeAll
	static void start() throws IOException {
		assumeTrue(HeadlessChromium.available(), "Chromium and chromedriver are not installed");
		base = SignInServer.baseUrl();
		org = SignInServer.app().bean(Organizations.class).create("mcp-oauth");
		int port = freePort();
		remoteUrl = "http://127.0.0.1:" + port;
		Map<String, String> properties = new HashMap<>(TestDatabase.properties());
		properties.remove("spring.flyway.schemas");
		properties.remove("spring.datasource.username");
		properties.put("spring.datasource.url", "jdbc:h2:mem:remote-" + UUID.randomUUID()
				+ ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
		properties.put("quiver.data-dir", Files.createTempDirectory("quiver-remote").toString());
		properties.put("server.port", String.valueOf(port));
		properties.put("quiver.public-url", remoteUrl);
		remote = QuiverApp.start(properties);
		remoteOrg = remote.bean(Organizations.class).create("remote");
		chromium = HeadlessChromium.start();
	}

	@AfterAll
	static void stop() throws Exception {
		HeadlessChromium.closeAll(chromium, remote);
	}

	@Test
	void aMemberConnectsARemoteMcpServerThroughItsAuthorizationFlowAndCallsItsTools(CapturedOutput output)
			throws Exception {
		Rest owner = SignInServer.app().as("owner", org);
		Rest.Response registered = owner.post("/api/v1/catalog", Map.of("id", "remote-quiver", "label", "Remote Quiver",
				"kind", "mcp", "url", remoteUrl + "/mcp", "allowPrivateNetwork", true));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		List<String> results = new ArrayList<>();
		try (Mcp mcp = Mcp.connect(base, SignInServer.app().token("owner", org))) {
			Mcp.Result created = mcp.call("quiver__connections__create",
					Map.of("connector", "remote-quiver", "label", "remote"));
			assertThat(created.isError()).as(created.text()).isFalse();
			assertThat(created.structured().path("grantStatus").asText()).isEqualTo("PENDING_AUTHORIZATION");
			String link = created.structured().path("authorizationUrl").asText();
			assertThat(link).startsWith(base + "/oauth/connect/start?state=");
			String authorizationUrl = location(link);
			assertThat(authorizationUrl).startsWith(remoteUrl + "/oauth2/authorize?")
				.contains("code_challenge_method=S256", "resource=", "client_id=");
			// that link is spent (opened by this client, not the browser): a fresh one
			Mcp.Result again = mcp.call("quiver__connections__refresh", Map.of("connection", "remote"));
			assertThat(again.isError()).as(again.text()).isFalse();

			WebDriver browser = chromium.driver();
			WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
			browser.get(again.structured().path("authorizationUrl").asText());
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("dev-sign-in")));
			browser.findElement(By.id("subject")).sendKeys("owner");
			browser.findElement(By.id("organization")).clear();
			browser.findElement(By.id("organization")).sendKeys(remoteOrg);
			browser.findElement(By.id("sign-in")).click();
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("consent")));
			assertThat(browser.findElement(By.id("redirect-host")).getText()).isEqualTo("127.0.0.1");
			browser.findElement(By.id("allow")).click();
			wait.until(ExpectedConditions.presenceOfElementLocated(By.id("connected")));

			Rest.Response connection = owner.get("/api/v1/connections/remote");
			assertThat(connection.json().path("grantStatus").asText()).isEqualTo("ACTIVE");
			assertThat(connection.json().path("grantType").asText()).isEqualTo("OAUTH");
			assertThat(connection.json().path("importedTools").asInt()).isGreaterThan(10);
			Mcp.Result members = mcp.call("remote__quiver__members__list", Map.of());
			assertThat(members.isError()).as(members.text()).isFalse();
			assertThat(members.text()).contains("owner");
			results.add(members.text());

			// the client registered for the first connection is the organisation's:
			// reused
			Mcp.Result second = mcp.call("quiver__connections__create",
					Map.of("connector", "remote-quiver", "label", "remote-two"));
			assertThat(second.isError()).as(second.text()).isFalse();
			assertThat(clientId(location(second.structured().path("authorizationUrl").asText())))
				.isEqualTo(clientId(authorizationUrl));
			assertThat(mcp.call("quiver__connections__delete", Map.of("connection", "remote-two")).isError()).isFalse();

			// the access token expires: calls racing on two nodes of the first Quiver
			// refresh it once at the second
			Credential.OAuth first = grants().of("remote");
			grants().expire("remote");
			int issued = refreshTokensIssuedByTheRemote();
			double before = oauthRefreshesOnBothNodes();
			for (String text : raceOnTwoNodes(org, "owner", "remote__quiver__members__list", 8)) {
				assertThat(text).contains("owner");
				results.add(text);
			}
			assertThat(refreshTokensIssuedByTheRemote() - issued).as("refresh grants answered by the remote")
				.isEqualTo(1);
			assertThat(oauthRefreshesOnBothNodes() - before).isEqualTo(1);
			assertThat(owner.get("/api/v1/connections/remote").json().path("grantStatus").asText()).isEqualTo("ACTIVE");
			Credential.OAuth refreshed = grants().of("remote");
			assertThat(refreshed.accessToken()).isNotEqualTo(first.accessToken());
			assertThat(refreshed.refreshToken()).as("rotated").isNotEqualTo(first.refreshToken());

			assertThat(mcpStatus(refreshed.accessToken())).isEqualTo(200);
			Mcp.Result revoked = mcp.call("quiver__connections__revoke_grant", Map.of("connection", "remote"));
			assertThat(revoked.isError()).as(revoked.text()).isFalse();
			assertThat(mcpStatus(refreshed.accessToken())).as("the remote refuses the token").isEqualTo(401);

			List<String> canaries = List.of(first.accessToken(), first.refreshToken(), refreshed.accessToken(),
					refreshed.refreshToken());
			for (String canary : canaries) {
				assertThat(DatabaseGrep.find(SignInServer.app().bean(DataSource.class), canary)).isEmpty();
				assertThat(output.getAll()).doesNotContain(canary);
				assertThat(String.join("\n", results)).doesNotContain(canary);
			}
		}
	}

	private static int mcpStatus(String accessToken) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(remoteUrl + "/mcp"))
				.header("Authorization", "Bearer " + accessToken)
				.header("Content-Type", "application/json")
				.header("Accept", "application/json, text/event-stream")
				.POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"))
				.build(), HttpResponse.BodyHandlers.ofString())
			.statusCode();
	}

	/** Where Quiver's start link sends a browser: the provider's authorization URL. */
	private static String location(String link) throws IOException, InterruptedException {
		HttpResponse<String> start = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(link)).build(), HttpResponse.BodyHandlers.ofString());
		assertThat(start.statusCode()).as(start.body()).isEqualTo(302);
		return start.headers().firstValue("Location").orElseThrow();
	}

	private static String clientId(String authorizationUrl) {
		for (String pair : URI.create(authorizationUrl).getRawQuery().split("&")) {
			if (pair.startsWith("client_id=")) {
				return pair.substring("client_id=".length());
			}
		}
		throw new IllegalStateException("no client_id in " + authorizationUrl);
	}

	/**
	 * Refresh tokens the second Quiver has issued: each refresh grant it answers (with
	 * rotation) stores one row, and the token it rotated keeps its own. Concurrent
	 * presentations of one refresh token within its grace period are honoured there, so a
	 * first Quiver that did not serialise its refresh across nodes would show here.
	 */
	private static int refreshTokensIssuedByTheRemote() {
		return new JdbcTemplate(remote.dataSource()).queryForObject("SELECT COUNT(*) FROM oauth_refresh_token",
				Integer.class);
	}

	private static StoredGrants grants() {
		return new StoredGrants(SignInServer.app(), org);
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
