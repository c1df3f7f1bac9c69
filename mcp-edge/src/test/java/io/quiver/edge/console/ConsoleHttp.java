package io.quiver.edge.console;

import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.quiver.support.Rest;

/**
 * The console over plain HTTP, as a browser without JavaScript would use it: a cookie
 * jar, no redirects followed, and the CSRF token read from the last page's forms.
 */
public final class ConsoleHttp {

	private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

	private final String baseUrl;

	private final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);

	private final HttpClient http;

	private String lastPage = "";

	public ConsoleHttp(String baseUrl) {
		this.baseUrl = baseUrl;
		this.http = HttpClient.newBuilder()
			.cookieHandler(this.cookies)
			.followRedirects(HttpClient.Redirect.NEVER)
			.connectTimeout(Duration.ofSeconds(10))
			.build();
	}

	/** A session that carries an existing session cookie (e.g. the browser's). */
	ConsoleHttp withSessionCookie(String name, String value) {
		HttpCookie cookie = new HttpCookie(name, value);
		cookie.setPath("/");
		cookie.setVersion(0);
		this.cookies.getCookieStore().add(URI.create(this.baseUrl), cookie);
		return this;
	}

	public HttpResponse<String> get(String path) {
		HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(this.baseUrl + path)).GET());
		this.lastPage = response.body();
		return response;
	}

	/** The CSRF token of the last page fetched. */
	public String csrf() {
		Matcher matcher = CSRF.matcher(this.lastPage);
		if (!matcher.find()) {
			throw new IllegalStateException("the last page has no CSRF token");
		}
		return matcher.group(1);
	}

	public HttpResponse<String> post(String path, Map<String, String> form) {
		return postEncoded(path,
				form.entrySet()
					.stream()
					.map((field) -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="
							+ URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))
					.collect(Collectors.joining("&")));
	}

	/** Posts a form body already encoded (repeated fields). */
	public HttpResponse<String> postEncoded(String path, String body) {
		return send(HttpRequest.newBuilder(URI.create(this.baseUrl + path))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(body)));
	}

	/** Signs in with the development sign-in; answers the sign-in POST. */
	public HttpResponse<String> signIn(String org, String subject) {
		get("/console/sign-in");
		Map<String, String> form = new LinkedHashMap<>();
		form.put("_csrf", csrf());
		form.put("subject", subject);
		form.put("organization", org);
		return post("/console/sign-in", form);
	}

	private HttpResponse<String> send(HttpRequest.Builder request) {
		return Rest.exchange(this.http, request.timeout(Duration.ofSeconds(60)).build());
	}

}
