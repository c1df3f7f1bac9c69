package io.quiver.edge.signin;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.quiver.support.Organizations;
import io.quiver.support.SignInServer;
import io.quiver.support.TestCertificates;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Client ID Metadata Documents refused (SPEC R14.2): too large, too slow, or naming
 * another {@code client_id} than their URL; each is answered {@code invalid_client}
 * saying why, and registers nothing. Served over https on loopback by a test CA, so these
 * run on the server with the test-only {@code allow-private-hosts} on; the
 * private-address refusal itself is in {@link AuthorizationRefusalsIntegrationTest}, with
 * the setting off.
 */
class ClientMetadataDocumentIntegrationTest {

	private static final CountDownLatch RELEASE = new CountDownLatch(1);

	private static HttpsServer documents;

	private static String origin;

	private static OAuthDriver oauth;

	private static String org;

	private static JdbcTemplate jdbc;

	@BeforeAll
	static void start() throws IOException {
		oauth = new OAuthDriver(SignInServer.baseUrl());
		org = SignInServer.app().bean(Organizations.class).create("cimd");
		jdbc = SignInServer.app().bean(JdbcTemplate.class);
		documents = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		documents.setHttpsConfigurator(new HttpsConfigurator(TestCertificates.serverContext()));
		origin = "https://127.0.0.1:" + documents.getAddress().getPort();
		documents.createContext("/large.json",
				(exchange) -> answer(exchange, "{\"client_id\":\"" + origin + "/large.json\",\"redirect_uris\":[\""
						+ OAuthDriver.REDIRECT + "\"],\"client_name\":\"" + "x".repeat(20_000) + "\"}"));
		documents.createContext("/other.json", (exchange) -> answer(exchange, "{\"client_id\":\"" + origin
				+ "/someone-else.json\",\"redirect_uris\":[\"" + OAuthDriver.REDIRECT + "\"]}"));
		documents.createContext("/slow.json", (exchange) -> {
			try {
				RELEASE.await(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			answer(exchange, "{}");
		});
		documents.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
		documents.start();
	}

	@AfterAll
	static void stop() {
		RELEASE.countDown();
		if (documents != null) {
			documents.stop(0);
		}
	}

	@Test
	void aDocumentLargerThanTheBoundIsRefused() {
		assertRefused("/large.json", "larger than 16384 bytes");
	}

	@Test
	void aDocumentThatDoesNotArriveInTimeIsRefused() {
		assertRefused("/slow.json", "did not arrive within 2000 ms");
	}

	@Test
	void aDocumentNamingAnotherClientIdIsRefused() {
		assertRefused("/other.json", "client_id is not the URL");
	}

	private static void assertRefused(String path, String why) {
		String clientId = origin + path;
		long before = jdbc.queryForObject("SELECT COUNT(*) FROM domainevententry", Long.class);

		HttpResponse<String> answer = oauth.authorize(oauth.signIn(org, "owner"),
				oauth.request(clientId, OAuthDriver.Pkce.create(), "mcp:read"));

		assertThat(answer.statusCode()).isEqualTo(401);
		assertThat(answer.headers().firstValue("Location")).isEmpty();
		JsonNode error = OAuthDriver.json(answer);
		assertThat(error.path("error").asText()).isEqualTo("invalid_client");
		assertThat(error.path("error_description").asText()).contains(why);
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM domainevententry", Long.class)).isEqualTo(before);
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM client_directory WHERE client_id = ?", Integer.class,
				clientId))
			.isZero();
	}

	private static void answer(HttpExchange exchange, String json) throws IOException {
		byte[] body = json.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(200, body.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(body);
		}
	}

}
