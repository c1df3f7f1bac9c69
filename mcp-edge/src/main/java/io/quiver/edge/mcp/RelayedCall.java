package io.quiver.edge.mcp;

import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.edge.security.CallerIdentity;
import io.quiver.edge.upstream.CallRelay;

/**
 * One {@code tools/call} in flight on this node, as its caller sees it (SPEC R12.7): the
 * progress token it gave (progress goes out on the call's stream with that token), its
 * cancellation (a {@code notifications/cancelled}, or the call's stream closing), the
 * client capabilities it declared, and the upstream's requests of it: on a legacy call's
 * stream, a {@code sampling/createMessage} or {@code elicitation/create} goes to the
 * caller as a request of Quiver's (its own id), and the caller's answer, posted to any
 * node, comes back to the upstream; on a 2026-07-28 call answered in rounds, it is asked
 * through an {@code input_required} result ({@link RoundTrip}). Without the capability,
 * or without a way to ask, the request is refused, and the upstream's tool answers in
 * band.
 */
final class RelayedCall implements CallRelay {

	private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

	/** How long a relayed request waits for the caller (a person may be answering). */
	static final long ANSWER_TIMEOUT_SECONDS = 600;

	private final CallerIdentity identity;

	private final InFlightCalls inFlight;

	private final boolean asksOnStream;

	private final JsonNode progressToken;

	private final SseChannel stream;

	private final Set<String> capabilities;

	private final RoundTrip rounds;

	private final List<Runnable> cancelActions = new CopyOnWriteArrayList<>();

	private boolean cancelled;

	/**
	 * @param identity who calls
	 * @param progressToken the caller's progress token, or null
	 * @param stream the call's response stream, or null when it is answered as JSON
	 * @param capabilities what the caller declared that Quiver relays
	 * @param asksOnStream whether requests may be sent to the caller on the stream (the
	 * legacy revisions; 2026-07-28 forbids it)
	 */
	RelayedCall(CallerIdentity identity, InFlightCalls inFlight, JsonNode progressToken, SseChannel stream,
			Set<String> capabilities, boolean asksOnStream) {
		this(identity, inFlight, progressToken, stream, capabilities, asksOnStream, null);
	}

	/**
	 * A 2026-07-28 call that asks its caller in rounds.
	 * @param rounds the rounds the caller is asked through
	 */
	RelayedCall(CallerIdentity identity, InFlightCalls inFlight, Set<String> capabilities, RoundTrip rounds) {
		this(identity, inFlight, null, null, capabilities, false, rounds);
	}

	private RelayedCall(CallerIdentity identity, InFlightCalls inFlight, JsonNode progressToken, SseChannel stream,
			Set<String> capabilities, boolean asksOnStream, RoundTrip rounds) {
		this.rounds = rounds;
		this.identity = identity;
		this.inFlight = inFlight;
		this.progressToken = progressToken;
		this.stream = stream;
		this.capabilities = Set.copyOf(capabilities);
		this.asksOnStream = asksOnStream;
	}

	/**
	 * The progress token of a request's {@code _meta}, or null (a string or an integer).
	 */
	static JsonNode progressToken(ObjectNode params) {
		JsonNode token = params.path("_meta").get("progressToken");
		return (token != null && (token.isTextual() || token.isIntegralNumber())) ? token : null;
	}

	@Override
	public boolean wantsProgress() {
		return this.progressToken != null && this.stream != null;
	}

	@Override
	public void progress(ObjectNode progress) {
		if (!wantsProgress() || !progress.path("progress").isNumber()) {
			return;
		}
		ObjectNode params = JSON.objectNode();
		params.set("progressToken", this.progressToken);
		params.set("progress", progress.get("progress"));
		if (progress.path("total").isNumber()) {
			params.set("total", progress.get("total"));
		}
		if (progress.path("message").isTextual()) {
			params.set("message", progress.get("message"));
		}
		ObjectNode notification = JSON.objectNode().put("jsonrpc", "2.0").put("method", "notifications/progress");
		notification.set("params", params);
		this.stream.send(notification);
	}

	@Override
	public void onCancel(Runnable action) {
		boolean now;
		synchronized (this) {
			now = this.cancelled;
			if (!now) {
				this.cancelActions.add(action);
			}
		}
		if (now) {
			action.run();
		}
	}

	@Override
	public synchronized boolean cancelled() {
		return this.cancelled;
	}

	@Override
	public Set<String> clientCapabilities() {
		return this.capabilities;
	}

	@Override
	public JsonNode request(String method, JsonNode params) {
		String capability = method.startsWith("sampling/") ? "sampling"
				: method.startsWith("elicitation/") ? "elicitation" : method;
		if (!this.capabilities.contains(capability)) {
			throw new RelayRefused("the caller's client did not declare the '" + capability + "' capability");
		}
		if (this.rounds != null) {
			return this.rounds.ask(method, params, ANSWER_TIMEOUT_SECONDS);
		}
		if (this.stream == null || !this.asksOnStream) {
			throw new RelayRefused("the caller's request has no stream Quiver could ask '" + capability + "' on");
		}
		String id = "quiver-" + UUID.randomUUID();
		CompletableFuture<JsonNode> answer = this.inFlight.expectAnswer(this.identity, id);
		onCancel(() -> answer.cancel(false));
		ObjectNode request = JSON.objectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
		request.set("params", params);
		if (!this.stream.send(request)) {
			answer.cancel(false);
			throw new RelayRefused("the caller's stream closed before '" + capability + "' could be asked");
		}
		JsonNode message;
		try {
			message = answer.get(ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RelayRefused("interrupted while waiting for the caller");
		}
		catch (ExecutionException | TimeoutException | java.util.concurrent.CancellationException ex) {
			answer.cancel(false);
			throw new RelayRefused("the caller did not answer the '" + capability + "' request");
		}
		if (message.hasNonNull("error")) {
			throw new RelayRefused(
					"the caller refused: " + bounded(message.path("error").path("message").asText("no reason given")));
		}
		JsonNode result = message.get("result");
		if (result == null || !result.isObject()) {
			throw new RelayRefused("the caller's answer has no result");
		}
		return result;
	}

	private static String bounded(String text) {
		return (text.length() <= 300) ? text : text.substring(0, 300) + "…";
	}

	/** The caller cancelled: tell whoever runs the call. */
	void cancel() {
		synchronized (this) {
			if (this.cancelled) {
				return;
			}
			this.cancelled = true;
		}
		this.cancelActions.forEach(Runnable::run);
	}

}
