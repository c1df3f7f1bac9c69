package io.quiver.edge.signin;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.SSLContext;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.command.client.api.ClientNames;
import io.quiver.command.client.api.RedirectUris;
import io.quiver.query.gate.outbound.OutboundTarget;
import io.quiver.query.gate.outbound.OutboundUrlGate;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;

/**
 * Client ID Metadata Documents (SPEC R14.2; draft-ietf-oauth-client-id-metadata-document,
 * the registration MCP 2025-11-25 prefers): a {@code client_id} that is an https URL with
 * a path names a JSON document the client publishes there. Quiver fetches it
 * <ul>
 * <li>through the outbound guard (the address rules of {@link OutboundUrlGate}: no
 * loopback, private, link-local or metadata address, checked on every address the name
 * resolves to, redirects not followed), unless the test-only
 * {@code quiver.oauth.cimd.allow-private-hosts} is on;</li>
 * <li>bounded in size ({@code max-bytes}, default 16 KiB) and time ({@code timeout},
 * default 5 s, the whole fetch);</li>
 * <li>cached as its {@code Cache-Control: max-age} (or {@code Expires}) says, at most
 * {@code max-cache-age}; {@code no-store}/{@code no-cache} is fetched on each use, a
 * document without either header is kept 5 minutes;</li>
 * </ul>
 * and accepts it only if its {@code client_id} equals the URL, its redirect URIs are
 * loopback or https, and it asks for public-client authentication ({@code none}). The
 * first time a document is accepted its client is registered by an event
 * ({@link #registered}).
 */
class ClientMetadataDocuments {

	private static final Duration DEFAULT_FRESHNESS = Duration.ofMinutes(5);

	private static final Pattern MAX_AGE = Pattern.compile("max-age\\s*=\\s*\"?(\\d+)");

	private static final ObjectMapper JSON = new ObjectMapper();

	private final OutboundUrlGate guard;

	private final SignInSettings.Cimd settings;

	private final HttpClient http;

	private final Clock clock;

	private final Consumer<Document> registered;

	private final Map<String, Cached> cache = new ConcurrentHashMap<>();

	ClientMetadataDocuments(OutboundUrlGate guard, SignInSettings.Cimd settings, SSLContext tls, Clock clock,
			Consumer<Document> registered) {
		this.guard = guard;
		this.settings = settings;
		this.clock = clock;
		this.registered = registered;
		this.http = HttpClient.newBuilder()
			.followRedirects(HttpClient.Redirect.NEVER)
			.connectTimeout(settings.timeout())
			.sslContext(tls)
			.build();
	}

	/** A metadata document as accepted. */
	record Document(String clientId, String clientName, List<String> redirectUris, String clientUri) {
	}

	/** Whether a client id names a metadata document: an https URL with a path. */
	static boolean isDocumentUrl(String clientId) {
		if (!clientId.startsWith("https://")) {
			return false;
		}
		try {
			URI uri = new URI(clientId);
			return uri.getHost() != null && uri.getRawPath() != null && uri.getRawPath().length() > 1
					&& uri.getRawFragment() == null && uri.getRawUserInfo() == null;
		}
		catch (URISyntaxException ex) {
			return false;
		}
	}

	/**
	 * The document of a client id, fetched or cached.
	 * @throws OAuth2AuthenticationException {@code invalid_client} saying why a document
	 * is refused
	 */
	Document find(String clientId) {
		Instant now = this.clock.instant();
		Cached cached = this.cache.get(clientId);
		if (cached != null && cached.freshUntil().isAfter(now)) {
			return cached.document();
		}
		Fetched fetched = fetch(clientId);
		Document document = parse(clientId, fetched.body());
		if (cached == null) {
			this.registered.accept(document);
		}
		this.cache.put(clientId, new Cached(document, now.plus(freshness(fetched.response(), now))));
		return document;
	}

	private Fetched fetch(String clientId) {
		URI url = URI.create(clientId);
		OutboundTarget checked = this.guard.inspectAddress("Quiver", url, this.settings.allowPrivateHosts());
		if (!checked.allowed()) {
			throw refused(clientId, checked.verdict().reason());
		}
		HttpRequest request = HttpRequest.newBuilder(url)
			.GET()
			.header("Accept", "application/json")
			.timeout(this.settings.timeout())
			.build();
		CompletableFuture<HttpResponse<InputStream>> future = this.http.sendAsync(request,
				HttpResponse.BodyHandlers.ofInputStream());
		long deadline = System.nanoTime() + this.settings.timeout().toNanos();
		HttpResponse<InputStream> response = null;
		try {
			response = future.get(this.settings.timeout().toNanos(), TimeUnit.NANOSECONDS);
			if (response.statusCode() != 200) {
				close(response);
				throw refused(clientId, "it answered HTTP " + response.statusCode() + ", not 200");
			}
			InputStream in = response.body();
			byte[] bytes = CompletableFuture.supplyAsync(() -> read(in))
				.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
			if (bytes == null) {
				throw refused(clientId, "it is larger than " + this.settings.maxBytes() + " bytes");
			}
			return new Fetched(response, bytes);
		}
		catch (TimeoutException ex) {
			future.cancel(true);
			close(response);
			throw refused(clientId, "it did not arrive within " + this.settings.timeout().toMillis() + " ms");
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			close(response);
			throw refused(clientId, "the fetch was interrupted");
		}
		catch (ExecutionException ex) {
			close(response);
			if (ex.getCause() instanceof HttpTimeoutException) {
				// the client's own request timeout, the same bound, may fire first
				throw refused(clientId, "it did not arrive within " + this.settings.timeout().toMillis() + " ms");
			}
			throw refused(clientId, "it could not be fetched (" + ex.getCause().getClass().getSimpleName() + ")");
		}
	}

	private static void close(HttpResponse<InputStream> response) {
		if (response != null) {
			try {
				response.body().close();
			}
			catch (IOException ex) {
				// closing only aborts the transfer
			}
		}
	}

	/**
	 * The body, or null when it is larger than the bound; the stream is closed either
	 * way.
	 */
	private byte[] read(InputStream in) {
		try (in) {
			byte[] bytes = in.readNBytes(this.settings.maxBytes() + 1);
			return (bytes.length > this.settings.maxBytes()) ? null : bytes;
		}
		catch (IOException ex) {
			throw new IllegalStateException("the document's body could not be read", ex);
		}
	}

	private static Document parse(String clientId, byte[] body) {
		JsonNode node;
		try {
			node = JSON.readTree(body);
		}
		catch (IOException ex) {
			throw refused(clientId, "it is not JSON");
		}
		if (node == null || !node.isObject()) {
			throw refused(clientId, "it is not a JSON object");
		}
		if (!clientId.equals(node.path("client_id").asText(null))) {
			throw refused(clientId, "its client_id is not the URL it was fetched from");
		}
		String method = node.path("token_endpoint_auth_method").asText("none");
		if (!method.equals("none")) {
			throw refused(clientId, "it asks for token_endpoint_auth_method '" + method
					+ "'; this server registers public clients only (none)");
		}
		List<String> redirectUris = new ArrayList<>();
		JsonNode uris = node.path("redirect_uris");
		if (!uris.isArray()) {
			throw refused(clientId, "it has no redirect_uris array");
		}
		uris.forEach((uri) -> redirectUris.add(uri.isTextual() ? uri.textValue() : ""));
		String problem = RedirectUris.problem(redirectUris);
		if (problem != null) {
			throw refused(clientId, problem);
		}
		String name = node.path("client_name").asText("").strip();
		if (name.length() > ClientNames.MAX_LENGTH) {
			name = name.substring(0, ClientNames.MAX_LENGTH);
		}
		String nameProblem = ClientNames.problem(name);
		if (nameProblem != null) {
			throw refused(clientId, nameProblem);
		}
		String clientUri = node.path("client_uri").asText(null);
		return new Document(clientId, name, List.copyOf(redirectUris),
				(clientUri != null && clientUri.length() <= 2000) ? clientUri : null);
	}

	private Duration freshness(HttpResponse<?> response, Instant now) {
		String control = response.headers().firstValue("Cache-Control").orElse("").toLowerCase(Locale.ROOT);
		if (control.contains("no-store") || control.contains("no-cache")) {
			return Duration.ZERO;
		}
		Matcher maxAge = MAX_AGE.matcher(control);
		Duration fresh = DEFAULT_FRESHNESS;
		if (maxAge.find()) {
			fresh = Duration
				.ofSeconds(Long.parseLong(maxAge.group(1).substring(0, Math.min(9, maxAge.group(1).length()))));
		}
		else if (response.headers().firstValue("Expires").isPresent()) {
			try {
				Instant expires = ZonedDateTime
					.parse(response.headers().firstValue("Expires").get(), DateTimeFormatter.RFC_1123_DATE_TIME)
					.toInstant();
				fresh = expires.isAfter(now) ? Duration.between(now, expires) : Duration.ZERO;
			}
			catch (RuntimeException ex) {
				fresh = Duration.ZERO;
			}
		}
		return (fresh.compareTo(this.settings.maxCacheAge()) > 0) ? this.settings.maxCacheAge() : fresh;
	}

	private static OAuth2AuthenticationException refused(String clientId, String why) {
		return new OAuth2AuthenticationException(new OAuth2Error("invalid_client",
				"the client metadata document " + clientId + " was refused: " + why, null));
	}

	private record Fetched(HttpResponse<InputStream> response, byte[] body) {
	}

	private record Cached(Document document, Instant freshUntil) {
	}

}
