package io.quiver.edge.mcp;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.edge.upstream.CallRelay;

/**
 * One {@code tools/call} in flight on this node, as its caller sees it (SPEC R12.7): the
 * progress token it gave (progress goes out on the call's stream with that token), its
 * cancellation (a {@code notifications/cancelled}, or the call's stream closing), and the
 * client capabilities it declared.
 */
final class RelayedCall implements CallRelay {

	private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

	private final JsonNode progressToken;

	private final SseChannel stream;

	private final Set<String> capabilities;

	private final List<Runnable> cancelActions = new CopyOnWriteArrayList<>();

	private boolean cancelled;

	/**
	 * @param progressToken the caller's progress token, or null
	 * @param stream the call's response stream, or null when it is answered as JSON
	 * @param capabilities what the caller declared that Quiver relays
	 */
	RelayedCall(JsonNode progressToken, SseChannel stream, Set<String> capabilities) {
		this.progressToken = progressToken;
		this.stream = stream;
		this.capabilities = Set.copyOf(capabilities);
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
