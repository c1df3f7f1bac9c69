package io.quiver.edge.connection;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.quiver.edge.oauth.OAuthConnect;
import io.quiver.edge.upstream.RecordingHttpServer;
import io.quiver.support.Mcp;
import io.quiver.support.Organizations;
import io.quiver.support.QuiverApp;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import io.quiver.support.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the OAuth connect flow refuses (SPEC R4.5), on the shared test context, where no
 * test-only allowance is on: a callback whose {@code state} is unknown, replayed,
 * expired, voided by a newer link, or reaching a browser other than the one that opened
 * Quiver's start link, the provider answering {@code error=access_denied}, a token
 * endpoint that is down, one on a private address (the outbound guard), a connector
 * without an OAuth client, and a redirect URI that is neither https nor loopback. Each
 * stores nothing: the connection stays {@code pending-authorization} with no vault entry.
 */
class OAuthConnectRefusalsIntegrationTest extends QuiverIntegrationTest {

	private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

	@Autowired
	private JdbcTemplate jdbc;

	private String org;

	private Rest owner;

	@BeforeEach
	void organization() {
		this.org = this.organizations.create("oauth-no");
		this.owner = rest(this.org, "owner");
	}

	@Test
	void aStateThatIsUnknownReplayedOrExpiredIsRefusedAndStoresNothing() throws Exception {
		String providerUrl = "http://127.0.0.1:" + closedPort();
		register("downapp", providerUrl, true);
		HttpResponse<String> unknown = callback("state=" + "A".repeat(43) + "&code=whatever", null);
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.body()).contains("does not match an authorization");
		HttpResponse<String> none = callback("code=whatever", null);
		assertThat(none.statusCode()).isEqualTo(400);

		Browser browser = open(connect("downapp", "down-one"));
		assertThat(browser.location()).startsWith(providerUrl + "/oauth2/authorize?")
			.contains("code_challenge_method=S256", "state=" + browser.state(), "scope=read");
		HttpResponse<String> denied = callback("state=" + browser.state() + "&error=access_denied", browser.cookie());
		assertThat(denied.statusCode()).isEqualTo(400);
		assertThat(denied.body()).contains("down-one", "access_denied", "declined", "Nothing was stored");
		assertThat(denied.body()).doesNotContain("..").containsOnlyOnce("othing was stored");
		assertThat(denied.headers().firstValue("Set-Cookie")).get().asString().contains("Max-Age=0");
		HttpResponse<String> replayed = callback("state=" + browser.state() + "&code=whatever", browser.cookie());
		assertThat(replayed.statusCode()).isEqualTo(400);
		assertThat(replayed.body()).contains("used once");
		assertNothingStored("down-one");

		Browser late = open(connect("downapp", "down-two"));
		this.jdbc.update("UPDATE oauth_connect_state SET expires_at = ? WHERE org_id = ? AND used_at IS NULL",
				Timestamp.from(Instant.now().minusSeconds(1)), this.org);
		HttpResponse<String> expired = callback("state=" + late.state() + "&code=whatever", late.cookie());
		assertThat(expired.statusCode()).isEqualTo(400);
		assertThat(expired.body()).contains("expired");
		assertNothingStored("down-two");
	}

	@Test
	void aCallbackReachingAnotherBrowserThanTheOneThatOpenedTheLinkIsRefused() throws Exception {
		register("csrfapp", "http://127.0.0.1:" + closedPort(), true);
		String link = connect("csrfapp", "csrf-one");
		assertThat(link).startsWith("http://localhost" + OAuthConnect.START_PATH + "?state=");
		String state = link.substring(link.indexOf("state=") + 6);
		HttpResponse<String> unopened = callback("state=" + state + "&code=attacker-code", null);
		assertThat(unopened.statusCode()).isEqualTo(400);
		assertThat(unopened.body()).contains("another browser");

		Browser member = open(link);
		assertThat(member.setCookie()).contains("HttpOnly", "SameSite=Lax", "Path=/oauth/connect", "Max-Age=")
			.doesNotContain("Secure");
		HttpResponse<String> twice = get(link, null);
		assertThat(twice.statusCode()).as("a link opens once").isEqualTo(400);
		assertThat(twice.body()).contains("opened already");
		assertThat(twice.headers().firstValue("Set-Cookie")).isEmpty();

		// the provider's URL forwarded to someone else: their browser has no cookie
		HttpResponse<String> forwarded = callback("state=" + member.state() + "&code=attacker-code", null);
		assertThat(forwarded.statusCode()).isEqualTo(400);
		assertThat(forwarded.body()).contains("another browser", "nothing was stored");
		String wrong = member.cookie().substring(0, member.cookie().indexOf('=') + 1) + "A".repeat(43);
		HttpResponse<String> guessed = callback("state=" + member.state() + "&code=attacker-code", wrong);
		assertThat(guessed.statusCode()).isEqualTo(400);
		assertThat(guessed.body()).contains("another browser");
		// refused callbacks did not spend the member's authorization
		HttpResponse<String> own = callback("state=" + member.state() + "&code=some-code", member.cookie());
		assertThat(own.statusCode()).as(own.body()).isEqualTo(502);
		assertThat(own.body()).contains("csrf-one", "could not be reached");
		assertNothingStored("csrf-one");
	}

	@Test
	void startingAnotherAuthorizationVoidsTheConnectionsEarlierLinks() throws Exception {
		register("twiceapp", "http://127.0.0.1:" + closedPort(), true);
		String first = connect("twiceapp", "twice-one");
		String second;
		try (Mcp mcp = mcp(this.org, "owner")) {
			Mcp.Result refreshed = mcp.call("quiver__connections__refresh", Map.of("connection", "twice-one"));
			assertThat(refreshed.isError()).as(refreshed.text()).isFalse();
			second = refreshed.structured().path("authorizationUrl").asText();
		}
		assertThat(second).isNotEqualTo(first);
		HttpResponse<String> voided = get(first, null);
		assertThat(voided.statusCode()).isEqualTo(400);
		assertThat(voided.body()).contains("a newer one was started");
		assertThat(open(second).location()).contains("state=");

		// an admin starting another member's authorization is told not to open the link
		assertThat(this.owner.post("/api/v1/members", Map.of("subject", "bob", "role", "MEMBER")).status())
			.isEqualTo(201);
		Rest.Response forBob = this.owner.post("/api/v1/connections",
				Map.of("connector", "twiceapp", "label", "twice-bob", "owner", "bob"));
		assertThat(forBob.status()).as(forBob.body()).isEqualTo(201);
		assertThat(forBob.json().path("next").asText()).contains("another member's", "hand it to its owner");
		assertThat(first).isNotEqualTo(forBob.json().path("authorizationUrl").asText());
	}

	@Test
	void aTokenEndpointThatIsDownAnswersInBandAndStoresNothing() throws Exception {
		register("downapp", "http://127.0.0.1:" + closedPort(), true);
		Browser browser = open(connect("downapp", "down-three"));
		HttpResponse<String> down = callback("state=" + browser.state() + "&code=some-code", browser.cookie());
		assertThat(down.statusCode()).isEqualTo(502);
		assertThat(down.body()).contains("could not be reached", "Nothing was stored");
		assertNothingStored("down-three");
		try (Mcp mcp = mcp(this.org, "owner")) {
			Mcp.Result call = mcp.call("down-three__whoami", Map.of());
			assertThat(call.isError()).isTrue();
			assertThat(call.text()).contains("down-three");
		}
	}

	@Test
	void aTokenEndpointOnAPrivateAddressIsRefusedByTheOutboundGuardBeforeTheMemberIsSentThere() throws Exception {
		register("privateapp", "http://127.0.0.1:" + closedPort(), false);
		try (Mcp mcp = mcp(this.org, "owner")) {
			Mcp.Result created = mcp.call("quiver__connections__create",
					Map.of("connector", "privateapp", "label", "private-one"));
			assertThat(created.isError()).isTrue();
			assertThat(created.text()).contains("connection.authorization-failed", "token endpoint", "127.0.0.1")
				.doesNotContain("..");
		}
		assertThat(this.owner.get("/api/v1/connections/private-one").status()).isEqualTo(404);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM oauth_connect_state WHERE org_id = ?", Integer.class,
				this.org))
			.as("no state issued")
			.isZero();
	}

	@Test
	void aTokenAnswerQuiverCannotStoreEndsOnTheCallbackPageAndStoresNothing() throws Exception {
		String[] token = { "ACCESS\\nTOKEN" };
		try (RecordingHttpServer provider = new RecordingHttpServer()) {
			provider.on("/oauth2/token", (exchange, request) -> RecordingHttpServer.json(exchange, 200,
					"{\"access_token\":\"" + token[0] + "\",\"token_type\":\"Bearer\",\"expires_in\":300}"));
			register("oddtokens", provider.baseUrl(), true);
			Browser browser = open(connect("oddtokens", "odd-one"));
			HttpResponse<String> lineBreak = callback("state=" + browser.state() + "&code=a-code", browser.cookie());
			assertThat(lineBreak.statusCode()).isEqualTo(400);
			assertThat(lineBreak.headers().firstValue("Content-Type")).get().asString().startsWith("text/html");
			assertThat(lineBreak.body()).contains("odd-one", "a token Quiver cannot store", "line break",
					"Nothing was stored");
			assertNothingStored("odd-one");

			token[0] = "t".repeat(17 * 1024);
			Browser again = open(refreshLink("odd-one"));
			HttpResponse<String> tooLong = callback("state=" + again.state() + "&code=a-code", again.cookie());
			assertThat(tooLong.statusCode()).isEqualTo(400);
			assertThat(tooLong.body()).contains("a token Quiver cannot store", "Nothing was stored")
				.doesNotContain(token[0]);
			assertNothingStored("odd-one");
		}
	}

	@Test
	void unsafeOrMalformedUrlsFromARemoteMcpServerAreRefusedInBandNamingIt() throws Exception {
		String[] challenge = { "" };
		String[] issuer = { "" };
		String[] authorize = { "" };
		try (RecordingHttpServer remote = new RecordingHttpServer()) {
			String url = remote.baseUrl();
			remote.on("/mcp", (exchange, request) -> {
				exchange.getResponseHeaders().set("WWW-Authenticate", challenge[0]);
				RecordingHttpServer.send(exchange, 401, "text/plain", "unauthorized");
			});
			remote.on("/.well-known/oauth-protected-resource/mcp",
					(exchange, request) -> RecordingHttpServer.json(exchange, 200,
							"{\"resource\":\"" + url + "/mcp\",\"authorization_servers\":[\"" + issuer[0] + "\"]}"));
			remote
				.on("/.well-known/oauth-authorization-server", (exchange, request) -> RecordingHttpServer.json(exchange,
						200,
						"{\"issuer\":\"" + url + "\",\"authorization_endpoint\":\"" + authorize[0]
								+ "\",\"token_endpoint\":\"" + url + "/token\",\"response_types_supported\":[\"code\"],"
								+ "\"code_challenge_methods_supported\":[\"S256\"]}"));
			Rest.Response registered = this.owner.post("/api/v1/catalog", Map.of("id", "odd-mcp", "label", "Odd MCP",
					"kind", "mcp", "url", url + "/mcp", "allowPrivateNetwork", true));
			assertThat(registered.status()).as(registered.body()).isEqualTo(201);
			Map<String, String[]> refusals = new java.util.LinkedHashMap<>();
			refusals.put("javascript:alert(document.cookie)", new String[] { "Bearer", url, "authorization endpoint" });
			refusals.put("http://evil.example.com/authorize",
					new String[] { "Bearer", url, "authorization endpoint", "must be https" });
			refusals.put(url + "/authorize#1",
					new String[] { "Bearer resource_metadata=\"ht tp://bad uri\"", url, "resource_metadata" });
			refusals.put(url + "/authorize#2", new String[] { "Bearer", "::not a uri", "authorization server" });
			refusals.put(url + "/authorize#3", new String[] { "Bearer", "relative/path", "authorization server" });
			try (Mcp mcp = mcp(this.org, "owner")) {
				for (Map.Entry<String, String[]> refusal : refusals.entrySet()) {
					authorize[0] = refusal.getKey();
					challenge[0] = refusal.getValue()[0];
					issuer[0] = refusal.getValue()[1];
					Mcp.Result created = mcp.call("quiver__connections__create",
							Map.of("connector", "odd-mcp", "label", "odd-mcp"));
					assertThat(created.isError()).as(refusal.getKey()).isTrue();
					assertThat(created.text()).as(refusal.getKey())
						.startsWith("connection.authorization-failed")
						.contains("Odd MCP", refusal.getValue()[2])
						.doesNotContain("internal error", "invalid-input");
					assertThat(this.owner.get("/api/v1/connections/odd-mcp").status()).as("no orphan connection")
						.isEqualTo(404);
				}
			}
		}
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM oauth_connect_state WHERE org_id = ?", Integer.class,
				this.org))
			.as("no state issued")
			.isZero();
	}

	@Test
	void anMcpServerOnAPrivateAddressIsNotProbedForItsAuthorization() throws Exception {
		Rest.Response registered = this.owner.post("/api/v1/catalog", Map.of("id", "private-mcp", "label",
				"Private MCP", "kind", "mcp", "url", "http://127.0.0.1:" + closedPort() + "/mcp"));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		try (Mcp mcp = mcp(this.org, "owner")) {
			Mcp.Result created = mcp.call("quiver__connections__create",
					Map.of("connector", "private-mcp", "label", "private-mcp"));
			assertThat(created.isError()).isTrue();
			assertThat(created.text()).contains("127.0.0.1");
		}
		assertThat(this.owner.get("/api/v1/connections/private-mcp").status()).isEqualTo(404);
	}

	@Test
	void quiverPublishesItsClientIdMetadataDocument() throws Exception {
		HttpResponse<String> document = this.http.send(
				HttpRequest.newBuilder(URI.create(baseUrl() + "/oauth/connect/client-metadata.json")).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(document.statusCode()).isEqualTo(200);
		assertThat(document.body()).contains("\"client_id\":\"http://localhost/oauth/connect/client-metadata.json\"",
				"\"redirect_uris\":[\"http://localhost/oauth/connect/callback\"]",
				"\"token_endpoint_auth_method\":\"none\"");
	}

	@Test
	void aConnectorWithoutAnOAuthClientSaysHowToSetOne() throws Exception {
		Rest.Response registered = this.owner.post("/api/v1/catalog", Map.of("id", "noclient", "label", "No Client",
				"kind", "http", "openapi", openApi("https://app.example.com"), "allowPrivateNetwork", false));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		try (Mcp mcp = mcp(this.org, "owner")) {
			Mcp.Result created = mcp.call("quiver__connections__create",
					Map.of("connector", "noclient", "label", "no-client"));
			assertThat(created.isError()).isTrue();
			assertThat(created.text()).contains("quiver__catalog__set_oauth_client");
		}
		Rest.Response plain = this.owner.post("/api/v1/catalog",
				Map.of("id", "plain", "label", "Plain", "kind", "http", "openapi",
						openApi("https://app.example.com").replaceAll(",\\s*\"components\".*", "}"),
						"allowPrivateNetwork", false));
		assertThat(plain.status()).as(plain.body()).isEqualTo(201);
		Rest.Response refused = this.owner.put("/api/v1/catalog/plain/oauth-client",
				Map.of("clientId", "x", "clientSecret", "y"));
		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.body()).contains("declares no OAuth");
	}

	@Test
	void aQuiverWhosePublicUrlIsPlainHttpOnANetworkStartsNoAuthorization() {
		try (QuiverApp plain = nodeAt("http://quiver.example.test")) {
			Rest admin = ownerWithApp(plain, "oauth-plain", "plainapp");
			Rest.Response client = admin.put("/api/v1/catalog/plainapp/oauth-client", Map.of("clientId", "c"));
			assertThat(client.status()).as(client.body()).isEqualTo(200);
			assertThat(client.json().has("redirectUri")).as("no redirect URI to register").isFalse();
			Rest.Response refused = admin.post("/api/v1/connections",
					Map.of("connector", "plainapp", "label", "plain-one"));
			assertThat(refused.status()).as(refused.body()).isEqualTo(409);
			assertThat(refused.body()).contains("http://quiver.example.test/oauth/connect/callback",
					"neither https nor http on a loopback host");
			assertThat(admin.get("/api/v1/connections/plain-one").status()).isEqualTo(404);
		}
	}

	@Test
	void behindAnHttpsPublicUrlTheStartLinksCookieIsSecure() throws Exception {
		try (QuiverApp secure = nodeAt("https://quiver.example.test")) {
			Rest admin = ownerWithApp(secure, "oauth-https", "httpsapp");
			assertThat(admin.put("/api/v1/catalog/httpsapp/oauth-client", Map.of("clientId", "c")).status())
				.isEqualTo(200);
			Rest.Response created = admin.post("/api/v1/connections",
					Map.of("connector", "httpsapp", "label", "https-one"));
			assertThat(created.status()).as(created.body()).isEqualTo(201);
			URI link = URI.create(created.json().path("authorizationUrl").asText());
			assertThat(link.toString()).startsWith("https://quiver.example.test" + OAuthConnect.START_PATH);
			HttpResponse<String> start = this.http.send(
					HttpRequest.newBuilder(URI.create(secure.baseUrl() + link.getRawPath() + "?" + link.getRawQuery()))
						.build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(start.statusCode()).isEqualTo(302);
			assertThat(start.headers().firstValue("Location").orElseThrow())
				.startsWith("https://app.example.com/oauth2/authorize?");
			assertThat(start.headers().firstValue("Set-Cookie").orElseThrow()).contains("Secure", "HttpOnly",
					"SameSite=Lax");
		}
	}

	@Test
	void aRedirectUriThatIsNeitherHttpsNorLoopbackIsRefused() {
		assertThat(OAuthConnect.redirectProblem(URI.create("http://quiver.example.com/oauth/connect/callback")))
			.contains("neither https nor http on a loopback host");
		assertThat(OAuthConnect.redirectProblem(URI.create("http://10.0.0.7/oauth/connect/callback")))
			.contains("neither https nor http on a loopback host");
		assertThat(OAuthConnect.redirectProblem(URI.create("http://127.0.0.1.example.com/cb"))).isNotNull();
		assertThat(OAuthConnect.redirectProblem(URI.create("https://quiver.example.com/oauth/connect/callback")))
			.isNull();
		assertThat(OAuthConnect.redirectProblem(URI.create("http://127.0.0.1:8080/oauth/connect/callback"))).isNull();
		assertThat(OAuthConnect.redirectProblem(URI.create("http://localhost/oauth/connect/callback"))).isNull();
		assertThat(OAuthConnect.redirectProblem(URI.create("http://[::1]:9/oauth/connect/callback"))).isNull();
	}

	private void register(String id, String providerUrl, boolean allowPrivateNetwork) {
		Rest.Response registered = this.owner.post("/api/v1/catalog", Map.of("id", id, "label", id, "kind", "http",
				"openapi", openApi(providerUrl), "allowPrivateNetwork", allowPrivateNetwork));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		Rest.Response client = this.owner.put("/api/v1/catalog/" + id + "/oauth-client",
				Map.of("clientId", "quiver", "clientSecret", "a-secret"));
		assertThat(client.status()).as(client.body()).isEqualTo(200);
	}

	private String refreshLink(String label) {
		try (Mcp mcp = mcp(this.org, "owner")) {
			Mcp.Result refreshed = mcp.call("quiver__connections__refresh", Map.of("connection", label));
			assertThat(refreshed.isError()).as(refreshed.text()).isFalse();
			return refreshed.structured().path("authorizationUrl").asText();
		}
	}

	private String connect(String connector, String label) {
		try (Mcp mcp = mcp(this.org, "owner")) {
			Mcp.Result created = mcp.call("quiver__connections__create",
					Map.of("connector", connector, "label", label));
			assertThat(created.isError()).as(created.text()).isFalse();
			assertThat(created.structured().path("grantStatus").asText()).isEqualTo("PENDING_AUTHORIZATION");
			return created.structured().path("authorizationUrl").asText();
		}
	}

	/**
	 * A browser that opened a start link: the state, its cookie and the provider's URL.
	 */
	private record Browser(String state, String cookie, String setCookie, String location) {
	}

	private Browser open(String link) throws IOException, InterruptedException {
		HttpResponse<String> start = get(link, null);
		assertThat(start.statusCode()).as(start.body()).isEqualTo(302);
		String setCookie = start.headers().firstValue("Set-Cookie").orElseThrow();
		String location = start.headers().firstValue("Location").orElseThrow();
		return new Browser(link.substring(link.indexOf("state=") + 6), setCookie.substring(0, setCookie.indexOf(';')),
				setCookie, location);
	}

	private HttpResponse<String> callback(String query, String cookie) throws IOException, InterruptedException {
		return get(OAuthConnect.CALLBACK_PATH + "?" + query, cookie);
	}

	/** GETs a URL of Quiver's (its public URL is http://localhost) on the test server. */
	private HttpResponse<String> get(String url, String cookie) throws IOException, InterruptedException {
		URI quiver = URI.create(url);
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create(baseUrl() + quiver.getRawPath() + "?" + quiver.getRawQuery()));
		if (cookie != null) {
			request.header("Cookie", cookie);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private void assertNothingStored(String label) {
		Rest.Response connection = this.owner.get("/api/v1/connections/" + label);
		assertThat(connection.json().path("grantStatus").asText()).isEqualTo("PENDING_AUTHORIZATION");
		Integer entries = this.jdbc.queryForObject("SELECT COUNT(*) FROM credential_vault WHERE connection_id = ?",
				Integer.class, connection.json().path("connectionId").asText());
		assertThat(entries).isZero();
	}

	/**
	 * A node of its own, on this test's database, whose public URL is {@code publicUrl}.
	 */
	private static QuiverApp nodeAt(String publicUrl) {
		Map<String, String> properties = new HashMap<>(TestDatabase.properties());
		properties.put("quiver.public-url", publicUrl);
		return QuiverApp.start(properties);
	}

	/**
	 * The owner of a new organisation on {@code node}, with OAuth app {@code app}
	 * registered.
	 */
	private static Rest ownerWithApp(QuiverApp node, String org, String app) {
		String orgId = node.bean(Organizations.class).create(org);
		Rest admin = node.rest(node.bean(Organizations.class).token(orgId, "owner"));
		Rest.Response registered = admin.post("/api/v1/catalog",
				Map.of("id", app, "label", app, "kind", "http", "openapi", openApi("https://app.example.com")));
		assertThat(registered.status()).as(registered.body()).isEqualTo(201);
		return admin;
	}

	private static String openApi(String url) {
		return """
				{"openapi": "3.0.3", "info": {"title": "App", "version": "1"}, "servers": [{"url": "%1$s"}],
				 "paths": {"/api/me": {"get": {"operationId": "whoami", "responses": {"200": {"description": "ok"}}}}},
				 "components": {"securitySchemes": {"app": {"type": "oauth2", "flows": {"authorizationCode": {
				   "authorizationUrl": "%1$s/oauth2/authorize", "tokenUrl": "%1$s/oauth2/token",
				   "scopes": {"read": "read"}}}}}}}
				""".formatted(url);
	}

	private static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
