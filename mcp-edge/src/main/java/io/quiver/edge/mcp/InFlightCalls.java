package io.quiver.edge.mcp;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.edge.security.CallerIdentity;
import org.springframework.stereotype.Component;

/**
 * What runs on this node for its callers (SPEC R12.7): the {@code tools/call}s in flight,
 * so that a {@code notifications/cancelled} naming one reaches it, and the requests
 * relayed to a caller on a call's stream (sampling, elicitation), so that the caller's
 * answer reaches the call waiting for it. A request id is unique only among one client's
 * own requests, so the key is the caller's organisation and subject with it; a message
 * naming somebody else's is not found here, and goes to the other nodes
 * ({@link McpRelayInbox}).
 */
@Component
class InFlightCalls {

	private final Map<Key, RelayedCall> calls = new ConcurrentHashMap<>();

	private final Map<Key, CompletableFuture<JsonNode>> answers = new ConcurrentHashMap<>();

	void register(CallerIdentity identity, String requestId, RelayedCall call) {
		this.calls.put(key(identity, requestId), call);
	}

	void unregister(CallerIdentity identity, String requestId, RelayedCall call) {
		this.calls.remove(key(identity, requestId), call);
	}

	/** Cancels the caller's call with this request id; false when none runs here. */
	boolean cancel(CallerIdentity identity, String requestId) {
		RelayedCall call = this.calls.get(key(identity, requestId));
		if (call == null) {
			return false;
		}
		call.cancel();
		return true;
	}

	/** Awaits the caller's answer to a request relayed to it with this id. */
	CompletableFuture<JsonNode> expectAnswer(CallerIdentity identity, String requestId) {
		CompletableFuture<JsonNode> answer = new CompletableFuture<>();
		Key key = key(identity, requestId);
		this.answers.put(key, answer);
		answer.whenComplete((message, failure) -> this.answers.remove(key, answer));
		return answer;
	}

	/**
	 * Hands the caller's answer to the request awaiting it; false when none waits here.
	 */
	boolean answer(CallerIdentity identity, String requestId, JsonNode message) {
		CompletableFuture<JsonNode> answer = this.answers.get(key(identity, requestId));
		return answer != null && answer.complete(message);
	}

	private static Key key(CallerIdentity identity, String requestId) {
		return new Key(identity.orgId(), identity.subject(), requestId);
	}

	private record Key(String orgId, String subject, String requestId) {
	}

}
