package io.quiver.benchmarks.system;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.benchmarks.Markdown;

/**
 * The sign-in's costs (issue 13): the authorization-code round trip of an MCP client (the
 * authorization request of a signed-in member, the consent page, the consent, the code
 * exchange at the token endpoint), the token endpoint alone (code exchange, refresh), and
 * {@code /mcp} with a token of the embedded authorization server beside one of the local
 * issuer (the consent check on every request). A packaged Quiver on the embedded default
 * in a fresh data directory, on loopback, one client, sequential requests, JDK HTTP
 * client.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quiver.benchmarks.system.SignInBenchmark \
 *     mcp-edge/target/quiver.jar docs/BENCHMARKS.md [iterations]
 * </pre>
 */
public final class SignInBenchmark {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final String REDIRECT = "http://127.0.0.1:50999/callback";

	private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

	private static final Pattern STATE = Pattern.compile("name=\"state\" value=\"([^\"]+)\"");

	private final String base;

	private final HttpClient browser = HttpClient.newBuilder()
		.cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
		.followRedirects(HttpClient.Redirect.NEVER)
		.build();

	private final HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

	private SignInBenchmark(String base) {
		this.base = base;
	}

	public static void main(String[] args) throws Exception {
		Path jar = Path.of(args[0]);
		Path doc = Path.of(args[1]);
		int iterations = (args.length > 2) ? Integer.parseInt(args[2]) : 300;
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		Path data = Files.createTempDirectory("quiver-signin-bench");
		String base = "http://127.0.0.1:" + port;
		Process node = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx768m", "-jar", jar.toString(), "--server.address=127.0.0.1", "--server.port=" + port,
				"--quiver.data-dir=" + data, "--quiver.public-url=" + base, "--spring.main.banner-mode=off")
			.redirectErrorStream(true)
			.redirectOutput(data.resolve("node.log").toFile())
			.start();
		Runtime.getRuntime().addShutdownHook(new Thread(node::destroyForcibly));
		try {
			SignInBenchmark bench = new SignInBenchmark(base);
			bench.awaitHealthy();
			String table = bench.run(iterations);
			System.out.println(table);
			Markdown.replaceSection(doc, "## Sign-in", table);
		}
		finally {
			node.destroy();
			node.waitFor(30, TimeUnit.SECONDS);
		}
	}

	private String run(int iterations) throws Exception {
		signIn("demo", "admin");
		String clientId = json(post(this.client, "/register", "application/json",
				"{\"client_name\":\"bench\",\"redirect_uris\":[\"" + REDIRECT + "\"]}"))
			.path("client_id")
			.asText();
		List<Double> roundTrips = new ArrayList<>();
		List<Double> exchanges = new ArrayList<>();
		List<Double> refreshes = new ArrayList<>();
		String access = null;
		String refresh = null;
		int warmup = Math.max(10, iterations / 10);
		for (int i = 0; i < warmup + iterations; i++) {
			long started = System.nanoTime();
			String verifier = verifier();
			String code = code(clientId, challenge(verifier));
			long exchangeStarted = System.nanoTime();
			JsonNode tokens = json(post(this.client, "/oauth2/token", "application/x-www-form-urlencoded",
					form("grant_type", "authorization_code", "code", code, "redirect_uri", REDIRECT, "client_id",
							clientId, "code_verifier", verifier, "resource", this.base + "/mcp")));
			long done = System.nanoTime();
			if (i >= warmup) {
				roundTrips.add((done - started) / 1e6);
				exchanges.add((done - exchangeStarted) / 1e6);
			}
			access = tokens.path("access_token").asText();
			refresh = tokens.path("refresh_token").asText();
		}
		for (int i = 0; i < warmup + iterations; i++) {
			long started = System.nanoTime();
			JsonNode tokens = json(post(this.client, "/oauth2/token", "application/x-www-form-urlencoded",
					form("grant_type", "refresh_token", "refresh_token", refresh, "client_id", clientId)));
			if (i >= warmup) {
				refreshes.add((System.nanoTime() - started) / 1e6);
			}
			refresh = tokens.path("refresh_token").asText();
			access = tokens.path("access_token").asText();
		}
		String devToken = json(
				post(this.client, "/dev/token", "application/json", "{\"sub\":\"admin\",\"org\":\"demo\"}"))
			.path("access_token")
			.asText();
		List<Double> serverTokens = new ArrayList<>();
		List<Double> devTokens = new ArrayList<>();
		for (int i = 0; i < warmup + iterations; i++) {
			boolean measure = i >= warmup;
			// alternate, so both see the same machine
			time(access, measure ? serverTokens : null);
			time(devToken, measure ? devTokens : null);
		}
		StringBuilder table = new StringBuilder();
		table.append("One client on loopback, sequential, ")
			.append(iterations)
			.append(" measured iterations after ")
			.append(warmup)
			.append(" of warm-up; embedded default (H2), a packaged Quiver (`SignInBenchmark`). The round trip is "
					+ "what a client and a signed-in member's browser do for one sign-in: the authorization request, "
					+ "the consent page, the consent (a `ConsentGrantedEvent`), the code, the code exchange. `/mcp` "
					+ "is a `tools/list` of the control-plane tools as the OWNER, the two tokens alternating; with a "
					+ "token of the embedded server every request also checks the token's consent on the live "
					+ "state.\n\n");
		table.append("| what | p50 ms | p90 ms | p99 ms |\n|---|---|---|---|\n");
		row(table, "authorization-code round trip (authorize → consent page → consent → code → token)", roundTrips);
		row(table, "token endpoint: code exchange (PKCE S256)", exchanges);
		row(table, "token endpoint: refresh (rotation)", refreshes);
		row(table, "`/mcp` `tools/list`, token of the embedded authorization server", serverTokens);
		row(table, "`/mcp` `tools/list`, token of the local issuer (`/dev/token`)", devTokens);
		return table.toString();
	}

	private void time(String token, List<Double> into) throws Exception {
		long started = System.nanoTime();
		HttpResponse<String> answer = this.client.send(HttpRequest.newBuilder(URI.create(this.base + "/mcp"))
			.header("Authorization", "Bearer " + token)
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"))
			.build(), HttpResponse.BodyHandlers.ofString());
		if (answer.statusCode() != 200) {
			throw new IllegalStateException("tools/list answered " + answer.statusCode());
		}
		if (into != null) {
			into.add((System.nanoTime() - started) / 1e6);
		}
	}

	private String code(String clientId, String challenge) throws Exception {
		HttpResponse<String> authorize = get(this.browser,
				"/oauth2/authorize?" + form("response_type", "code", "client_id", clientId, "redirect_uri", REDIRECT,
						"scope", "mcp:read mcp:tools", "state", "s", "code_challenge", challenge,
						"code_challenge_method", "S256", "resource", this.base + "/mcp"));
		String consentPage = location(authorize);
		HttpResponse<String> page = get(this.browser, consentPage.substring(consentPage.indexOf("/oauth2/consent")));
		Matcher state = STATE.matcher(page.body());
		if (!state.find()) {
			throw new IllegalStateException("no consent page: " + page.statusCode());
		}
		HttpResponse<String> consent = post(this.browser, "/oauth2/authorize", "application/x-www-form-urlencoded",
				form("client_id", clientId, "state", state.group(1)) + "&scope=mcp%3Aread&scope=mcp%3Atools");
		String location = location(consent);
		for (String pair : URI.create(location).getRawQuery().split("&")) {
			if (pair.startsWith("code=")) {
				return URLDecoder.decode(pair.substring(5), StandardCharsets.UTF_8);
			}
		}
		throw new IllegalStateException("no code: " + location);
	}

	private void signIn(String org, String subject) throws Exception {
		Matcher csrf = CSRF.matcher(get(this.browser, "/console/sign-in").body());
		if (!csrf.find()) {
			throw new IllegalStateException("no sign-in form");
		}
		post(this.browser, "/console/sign-in", "application/x-www-form-urlencoded",
				form("_csrf", csrf.group(1), "subject", subject, "organization", org));
	}

	private void awaitHealthy() throws Exception {
		for (int i = 0; i < 600; i++) {
			try {
				if (get(this.client, "/actuator/health").statusCode() == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// not up yet
			}
			Thread.sleep(500);
		}
		throw new IllegalStateException("Quiver did not start");
	}

	private HttpResponse<String> get(HttpClient http, String path) throws Exception {
		return http.send(
				HttpRequest.newBuilder(URI.create(this.base + path)).timeout(Duration.ofSeconds(30)).GET().build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> post(HttpClient http, String path, String type, String body) throws Exception {
		return http.send(HttpRequest.newBuilder(URI.create(this.base + path))
			.timeout(Duration.ofSeconds(30))
			.header("Content-Type", type)
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static String location(HttpResponse<String> response) {
		return response.headers()
			.firstValue("Location")
			.orElseThrow(
					() -> new IllegalStateException("no redirect: " + response.statusCode() + " " + response.body()));
	}

	private static JsonNode json(HttpResponse<String> response) throws IOException {
		return JSON.readTree(response.body());
	}

	private static String form(String... pairs) {
		StringBuilder out = new StringBuilder();
		for (int i = 0; i < pairs.length; i += 2) {
			out.append((i > 0) ? "&" : "")
				.append(URLEncoder.encode(pairs[i], StandardCharsets.UTF_8))
				.append('=')
				.append(URLEncoder.encode(pairs[i + 1], StandardCharsets.UTF_8));
		}
		return out.toString();
	}

	private static String verifier() {
		byte[] bytes = new byte[32];
		new SecureRandom().nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

	private static String challenge(String verifier) throws Exception {
		return Base64.getUrlEncoder()
			.withoutPadding()
			.encodeToString(MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
	}

	private static void row(StringBuilder table, String what, List<Double> samples) {
		List<Double> sorted = new ArrayList<>(samples);
		Collections.sort(sorted);
		table.append("| ")
			.append(what)
			.append(" | ")
			.append(String.format(Locale.ROOT, "%.2f", percentile(sorted, 0.50)))
			.append(" | ")
			.append(String.format(Locale.ROOT, "%.2f", percentile(sorted, 0.90)))
			.append(" | ")
			.append(String.format(Locale.ROOT, "%.2f", percentile(sorted, 0.99)))
			.append(" |\n");
	}

	private static double percentile(List<Double> sorted, double p) {
		return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
	}

}
