package io.quiver.edge.upstream;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.springframework.stereotype.Component;

/**
 * The one HTTP client every upstream call goes through: the JDK's
 * {@link java.net.http.HttpClient}. It needs no extra dependency, speaks HTTP/1.1 and
 * HTTP/2, and lets us own the limits that matter here: redirects are never followed by
 * the client (each one is re-checked by the outbound URL gate), the whole call, body
 * included, is bounded by a deadline, and a body is read only up to the organisation's
 * size bound, with the connection dropped beyond it.
 */
@Component
public class OutboundHttp {

	private final HttpClient client;

	public OutboundHttp() {
		this(HttpClient.newBuilder()
			.followRedirects(HttpClient.Redirect.NEVER)
			.connectTimeout(Duration.ofSeconds(10))
			.build());
	}

	OutboundHttp(HttpClient client) {
		this.client = client;
	}

	/** A response with its whole body, at most the bound. */
	record Response(int status, HttpHeaders headers, byte[] body) {

		String contentType() {
			return this.headers.firstValue("Content-Type").orElse("");
		}

	}

	/**
	 * Sends a request and reads the body up to {@code maxBytes}, all before the deadline.
	 * @throws UpstreamFailure on timeout, an unreachable upstream or an oversized body
	 */
	Response send(HttpRequest request, int maxBytes, Deadline deadline, String account) {
		HttpResponse<byte[]> response = send(request, (info) -> BoundedBody.bytes(maxBytes), deadline, account);
		return new Response(response.statusCode(), response.headers(), response.body());
	}

	/**
	 * Sends a request with a body handler of the caller's, all before the deadline.
	 * @throws UpstreamFailure on timeout, an unreachable upstream or an oversized body
	 */
	<T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler, Deadline deadline,
			String account) {
		return send(request, handler, deadline, account, CallRelay.NONE);
	}

	/**
	 * Sends a request with a body handler of the caller's, all before the deadline; the
	 * caller cancelling the call aborts the request (SPEC R12.7).
	 * @throws UpstreamFailure on timeout, an unreachable upstream, an oversized body or
	 * the caller's cancellation
	 */
	<T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler, Deadline deadline,
			String account, CallRelay relay) {
		if (deadline.expired()) {
			throw timeout(deadline, account, false);
		}
		if (relay.cancelled()) {
			throw cancelled(account, false);
		}
		CompletableFuture<HttpResponse<T>> future = this.client.sendAsync(request, handler);
		relay.onCancel(() -> future.cancel(true));
		try {
			return future.get(deadline.remainingNanos(), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			future.cancel(true);
			throw timeout(deadline, account, true);
		}
		catch (InterruptedException ex) {
			future.cancel(true);
			Thread.currentThread().interrupt();
			throw new UpstreamFailure(UpstreamError.UNREACHABLE, "the call to " + account + " was interrupted", false);
		}
		catch (CancellationException ex) {
			throw cancelled(account, true);
		}
		catch (ExecutionException ex) {
			if (relay.cancelled()) {
				throw cancelled(account, true);
			}
			throw classify(ex.getCause() != null ? ex.getCause() : ex, deadline, account);
		}
	}

	/**
	 * Sends a request and forgets it (a notification to an upstream, best effort): no
	 * answer is awaited, a failure is ignored.
	 */
	void fireAndForget(HttpRequest request) {
		this.client.sendAsync(request, HttpResponse.BodyHandlers.discarding());
	}

	private static UpstreamFailure cancelled(String account, boolean reached) {
		return new UpstreamFailure(UpstreamError.CANCELLED,
				"the call to " + account + " was cancelled by its caller before it finished; the upstream was "
						+ "told, but may have acted already",
				reached);
	}

	private static UpstreamFailure classify(Throwable cause, Deadline deadline, String account) {
		for (Throwable t = cause; t != null; t = t.getCause()) {
			if (t instanceof BoundedBody.TooLarge tooLarge) {
				return new UpstreamFailure(UpstreamError.TOO_LARGE, account + " answered more than " + tooLarge.limit
						+ " bytes, the organisation's bound; ask for less (a filter, a smaller page)", true);
			}
			if (t instanceof HttpConnectTimeoutException) {
				return new UpstreamFailure(UpstreamError.TIMEOUT,
						account + " could not be connected to in time; try again later", false);
			}
			if (t instanceof HttpTimeoutException) {
				return timeout(deadline, account, true);
			}
			if (t instanceof ConnectException || t instanceof UnresolvedAddressException
					|| t instanceof UnknownHostException || t instanceof NoRouteToHostException) {
				return new UpstreamFailure(UpstreamError.UNREACHABLE,
						account + " is unreachable (connection refused or no route); try again later", false);
			}
		}
		return new UpstreamFailure(UpstreamError.UNREACHABLE,
				account + " closed the connection before answering completely; the upstream may or may not have "
						+ "acted; check before retrying a change",
				true);
	}

	private static UpstreamFailure timeout(Deadline deadline, String account, boolean reached) {
		return new UpstreamFailure(UpstreamError.TIMEOUT, account + " did not answer within " + deadline.budgetMillis()
				+ " ms; the upstream may still act on the request; try again later", reached);
	}

}
