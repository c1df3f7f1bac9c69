package io.quiver.edge.signin;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.edge.console.ConsoleHttp;
import io.quiver.support.Rest;

/**
 * An OAuth client over plain HTTP, step by step, so that each step can be given a bad
 * input: dynamic registration, the authorization request (with a signed-in console
 * session for the member), the consent form, the token, refresh and revocation endpoints.
 */
final class OAuthDriver {

	static final String REDIRECT = "http://127.0.0.1:50999/callback";

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final Pattern STATE = Pattern.compile("name=\"state\" value=\"([^\"]+)\"");

	private final String base;

	private final HttpClient http = HttpClient.newBuilder()
		.followRedirects(HttpClient.Redirect.NEVER)
		.connectTimeout(Duration.ofSeconds(10))
		.build();

	/** The MCP resource, as the Protected Resource Metadata names it. */
	final String resource;

	OAuthDriver(String base) {
		this.base = base;
		this.resource = json(get("/.well-known/oauth-protected-resource/mcp")).path("resource").asText();
	}

	/** A PKCE verifier and its S256 challenge. */
	record Pkce(String verifier, String challenge) {

		static Pkce create() {
			byte[] bytes = new byte[32];
			new SecureRandom().nextBytes(bytes);
			String verifier = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
			try {
				byte[] digest = MessageDigest.getInstance("SHA-256")
					.digest(verifier.getBytes(StandardCharsets.US_ASCII));
				return new Pkce(verifier, Base64.getUrlEncoder().withoutPadding().encodeToString(digest));
			}
			catch (NoSuchAlgorithmException ex) {
				throw new IllegalStateException(ex);
			}
		}

	}

	HttpResponse<String> register(Map<String, Object> metadata) {
		try {
			return send(HttpRequest.newBuilder(URI.create(this.base + "/register"))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(metadata))));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	String register() {
		return json(register(Map.of("client_name", "driver", "redirect_uris", List.of(REDIRECT)))).path("client_id")
			.asText();
	}

	ConsoleHttp signIn(String org, String subject) {
		ConsoleHttp session = new ConsoleHttp(this.base);
		session.signIn(org, subject);
		return session;
	}

	/** The usual authorization request parameters, to change one at a time. */
	Map<String, String> request(String clientId, Pkce pkce, String scope) {
		Map<String, String> parameters = new LinkedHashMap<>();
		parameters.put("response_type", "code");
		parameters.put("client_id", clientId);
		parameters.put("redirect_uri", REDIRECT);
		parameters.put("scope", scope);
		parameters.put("state", "client-state-1");
		parameters.put("code_challenge", pkce.challenge());
		parameters.put("code_challenge_method", "S256");
		parameters.put("resource", this.resource);
		return parameters;
	}

	HttpResponse<String> authorize(ConsoleHttp session, Map<String, String> parameters) {
		return session.get("/oauth2/authorize?" + form(parameters));
	}

	/** Follows an authorization answer to the consent page and reads its state. */
	String consentState(ConsoleHttp session, HttpResponse<String> authorization) {
		String location = location(authorization);
		HttpResponse<String> page = session.get(location.substring(location.indexOf("/oauth2/consent")));
		Matcher state = STATE.matcher(page.body());
		if (!state.find()) {
			throw new IllegalStateException("no consent form: " + page.statusCode() + " " + page.body());
		}
		return state.group(1);
	}

	HttpResponse<String> consent(ConsoleHttp session, String clientId, String state, List<String> scopes) {
		Map<String, String> form = new LinkedHashMap<>();
		form.put("client_id", clientId);
		form.put("state", state);
		StringBuilder body = new StringBuilder(form(form));
		for (String scope : scopes) {
			body.append("&scope=").append(URLEncoder.encode(scope, StandardCharsets.UTF_8));
		}
		return session.postEncoded("/oauth2/authorize", body.toString());
	}

	/** Signs in, authorizes and consents: the code of a successful authorization. */
	String code(String org, String subject, String clientId, Pkce pkce, String scope) {
		ConsoleHttp session = signIn(org, subject);
		HttpResponse<String> consent = consent(session, clientId,
				consentState(session, authorize(session, request(clientId, pkce, scope))), List.of(scope.split(" ")));
		Map<String, String> answer = query(location(consent));
		if (!answer.containsKey("code")) {
			throw new IllegalStateException("no code: " + answer);
		}
		return answer.get("code");
	}

	/**
	 * The tokens of a whole sign-in (authorization with PKCE, consent, code exchange) of
	 * a member through a registered client.
	 */
	JsonNode tokens(String org, String subject, String clientId, String scope) {
		Pkce pkce = Pkce.create();
		return json(exchange(clientId, code(org, subject, clientId, pkce, scope), pkce.verifier()));
	}

	HttpResponse<String> token(Map<String, String> form) {
		return send(HttpRequest.newBuilder(URI.create(this.base + "/oauth2/token"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(form(form))));
	}

	HttpResponse<String> exchange(String clientId, String code, String verifier) {
		Map<String, String> form = new LinkedHashMap<>();
		form.put("grant_type", "authorization_code");
		form.put("code", code);
		form.put("redirect_uri", REDIRECT);
		form.put("client_id", clientId);
		form.put("code_verifier", verifier);
		form.put("resource", this.resource);
		return token(form);
	}

	HttpResponse<String> refresh(String clientId, String refreshToken) {
		return token(Map.of("grant_type", "refresh_token", "refresh_token", refreshToken, "client_id", clientId));
	}

	HttpResponse<String> revoke(String clientId, String token) {
		return send(HttpRequest.newBuilder(URI.create(this.base + "/oauth2/revoke"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(form(Map.of("token", token, "client_id", clientId)))));
	}

	/** A tools/list with this access token: its HTTP status. */
	int mcpStatus(String accessToken) {
		return send(HttpRequest.newBuilder(URI.create(this.base + "/mcp"))
			.header("Authorization", "Bearer " + accessToken)
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}")))
			.statusCode();
	}

	HttpResponse<String> get(String path) {
		return send(HttpRequest.newBuilder(URI.create(this.base + path)).GET());
	}

	static JsonNode json(HttpResponse<String> response) {
		try {
			return JSON.readTree(response.body());
		}
		catch (IOException ex) {
			throw new IllegalStateException("not JSON: " + response.statusCode() + " " + response.body(), ex);
		}
	}

	static String location(HttpResponse<String> response) {
		return response.headers()
			.firstValue("Location")
			.orElseThrow(
					() -> new IllegalStateException("no redirect: " + response.statusCode() + " " + response.body()));
	}

	/** The query parameters of a redirect's location, decoded. */
	static Map<String, String> query(String location) {
		Map<String, String> parameters = new LinkedHashMap<>();
		String query = URI.create(location).getRawQuery();
		if (query != null) {
			for (String pair : query.split("&")) {
				int equals = pair.indexOf('=');
				parameters.put(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
						URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
			}
		}
		return parameters;
	}

	private static String form(Map<String, String> parameters) {
		return parameters.entrySet()
			.stream()
			.map((e) -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
					+ URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
			.collect(Collectors.joining("&"));
	}

	private HttpResponse<String> send(HttpRequest.Builder request) {
		return Rest.exchange(this.http, request.timeout(Duration.ofSeconds(60)).build());
	}

}
