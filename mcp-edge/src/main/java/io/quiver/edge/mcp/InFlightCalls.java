package io.quiver.edge.mcp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.quiver.edge.security.CallerIdentity;
import org.springframework.stereotype.Component;

/**
 * The {@code tools/call}s running on this node, by who sent them and with which request
 * id, so that a {@code notifications/cancelled} naming one reaches it (SPEC R12.7). A
 * request id is the client's and unique only among its own requests in flight, so the key
 * is the caller's organisation and subject with it; a cancellation naming a call of
 * somebody else is ignored, as the spec asks of an unknown request id.
 */
@Component
class InFlightCalls {

	private final Map<Key, RelayedCall> calls = new ConcurrentHashMap<>();

	void register(CallerIdentity identity, String requestId, RelayedCall call) {
		this.calls.put(new Key(identity.orgId(), identity.subject(), requestId), call);
	}

	void unregister(CallerIdentity identity, String requestId, RelayedCall call) {
		this.calls.remove(new Key(identity.orgId(), identity.subject(), requestId), call);
	}

	/** Cancels the caller's call with this request id; false when none runs here. */
	boolean cancel(CallerIdentity identity, String requestId) {
		RelayedCall call = this.calls.get(new Key(identity.orgId(), identity.subject(), requestId));
		if (call == null) {
			return false;
		}
		call.cancel();
		return true;
	}

	private record Key(String orgId, String subject, String requestId) {
	}

}
