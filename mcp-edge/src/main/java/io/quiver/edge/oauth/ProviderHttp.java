package io.quiver.edge.oauth;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import io.quiver.query.gate.outbound.OutboundTarget;
import io.quiver.query.gate.outbound.OutboundUrlGate;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Sends Quiver's requests to an OAuth provider (token, revocation, metadata,
 * registration): every URL through the outbound guard first (its address rules: no
 * loopback, private, link-local or metadata address unless the connector allows private
 * networks), no redirect followed, one deadline, a bounded body.
 */
@Component
public class ProviderHttp {

	static final int MAX_BODY = 64 * 1024;

	private final OutboundUrlGate guard;

	private final Duration timeout;

	private final HttpClient http;

	public ProviderHttp(OutboundUrlGate guard, @Value("${quiver.oauth.connect.timeout:PT10S}") Duration timeout) {
		this.guard = guard;
		this.timeout = timeout;
		this.http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).connectTimeout(timeout).build();
	}

	/**
	 * Sends a request Nimbus built (its method, URL, headers and form body) and answers
	 * what came back as Nimbus's response, to parse with Nimbus.
	 * @param what names the endpoint in messages, e.g. "the token endpoint of Linear"
	 */
	HTTPResponse send(HTTPRequest request, boolean allowPrivate, String what) {
		URI url;
		try {
			url = request.getURL().toURI();
		}
		catch (java.net.URISyntaxException ex) {
			throw new OAuthFailure(OAuthFailure.Kind.REFUSED, null, what + " is not a valid URL");
		}
		HttpRequest.Builder builder = HttpRequest.newBuilder(url).timeout(this.timeout);
		@SuppressWarnings("unchecked")
		Map<String, List<String>> headers = request.getHeaderMap();
		headers.forEach((name, values) -> values.forEach((value) -> builder.header(name, value)));
		builder.header("Accept", "application/json");
		if (request.getMethod() == HTTPRequest.Method.POST) {
			String body = (request.getQuery() != null) ? request.getQuery() : "";
			builder.POST(HttpRequest.BodyPublishers.ofString(body));
		}
		else {
			builder.GET();
		}
		return send(builder.build(), allowPrivate, what);
	}

	/** GETs a JSON document (provider or resource metadata) through the guard. */
	HTTPResponse get(URI url, boolean allowPrivate, String what) {
		return send(
				HttpRequest.newBuilder(url).timeout(this.timeout).header("Accept", "application/json").GET().build(),
				allowPrivate, what);
	}

	/**
	 * POSTs a document (an MCP probe, a dynamic client registration) through the guard.
	 */
	HTTPResponse post(URI url, String body, String contentType, String accept, boolean allowPrivate, String what) {
		return send(HttpRequest.newBuilder(url)
			.timeout(this.timeout)
			.header("Accept", accept)
			.header("Content-Type", contentType)
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), allowPrivate, what);
	}

	private static byte[] readBounded(InputStream in) {
		try (in) {
			return in.readNBytes(MAX_BODY + 1);
		}
		catch (IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

	/**
	 * Refuses a URL the outbound guard's rules refuse, without sending anything: an
	 * authorization is not started when its code could not be exchanged. A host that does
	 * not resolve now is left to the exchange (it may by then).
	 */
	void requireAllowed(URI url, boolean allowPrivate, String what) {
		OutboundTarget checked = this.guard.inspectAddress(what, url, allowPrivate);
		if (!checked.allowed() && !checked.unresolved()) {
			throw new OAuthFailure(OAuthFailure.Kind.REFUSED, null, checked.verdict().reason());
		}
	}

	private HTTPResponse send(HttpRequest request, boolean allowPrivate, String what) {
		OutboundTarget checked = this.guard.inspectAddress(what, request.uri(), allowPrivate);
		if (!checked.allowed()) {
			throw new OAuthFailure(OAuthFailure.Kind.REFUSED, null, checked.verdict().reason());
		}
		// one deadline for the answer and its body (a refresh holds its vault row
		// meanwhile);
		// one byte read past the bound, never the whole of an oversized answer
		CompletableFuture<HttpResponse<byte[]>> exchange = this.http.sendAsync(request,
				(info) -> HttpResponse.BodySubscribers.mapping(HttpResponse.BodySubscribers.ofInputStream(),
						ProviderHttp::readBounded));
		HttpResponse<byte[]> response;
		try {
			response = exchange.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			exchange.cancel(true);
			throw new OAuthFailure(OAuthFailure.Kind.UNREACHABLE, null,
					what + " did not answer within " + this.timeout.toMillis() + " ms; try again later");
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			throw new OAuthFailure(OAuthFailure.Kind.UNREACHABLE, null,
					what + " could not be reached (" + cause.getClass().getSimpleName() + "); try again later");
		}
		catch (InterruptedException ex) {
			exchange.cancel(true);
			Thread.currentThread().interrupt();
			throw new OAuthFailure(OAuthFailure.Kind.UNREACHABLE, null, what + ": interrupted");
		}
		byte[] body = response.body();
		if (body.length > MAX_BODY) {
			throw new OAuthFailure(OAuthFailure.Kind.UNREACHABLE, null,
					what + " answered more than " + MAX_BODY + " bytes");
		}
		HTTPResponse answer = new HTTPResponse(response.statusCode());
		response.headers().map().forEach((name, values) -> {
			if (!name.startsWith(":")) {
				answer.setHeader(name, values.toArray(String[]::new));
			}
		});
		String contentType = response.headers().firstValue("Content-Type").orElse(null);
		if (contentType != null) {
			try {
				answer.setContentType(contentType);
			}
			catch (ParseException ex) {
				throw new OAuthFailure(OAuthFailure.Kind.UNREACHABLE, null, what + " answered a bad Content-Type");
			}
		}
		answer.setContent(new String(body, java.nio.charset.StandardCharsets.UTF_8));
		return answer;
	}

}
