package io.quiver.edge.upstream;

import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a connected tool call relays between its caller and the upstream while it runs
 * (SPEC R12.7): the caller's progress token and the upstream's progress, the caller's
 * cancellation, the client capabilities the caller declared, and the requests an upstream
 * makes of the caller (sampling, elicitation). {@link #NONE} relays nothing: no token, no
 * capabilities, never cancelled.
 */
public interface CallRelay {

	/** Relays nothing. */
	CallRelay NONE = new CallRelay() {
	};

	/** Whether the caller asked for progress (gave a progress token). */
	default boolean wantsProgress() {
		return false;
	}

	/**
	 * Passes on one progress notification of the upstream: its {@code progress},
	 * {@code total} and {@code message}, to be sent with the caller's own token.
	 */
	default void progress(ObjectNode progress) {
	}

	/**
	 * Runs an action when the caller cancels the call; at once when it already has.
	 */
	default void onCancel(Runnable action) {
	}

	/** Whether the caller cancelled the call. */
	default boolean cancelled() {
		return false;
	}

	/**
	 * The client capabilities the caller declared and Quiver can relay ({@code sampling},
	 * {@code elicitation}); an upstream is told of these only.
	 */
	default Set<String> clientCapabilities() {
		return Set.of();
	}

	/**
	 * Relays a request of the upstream ({@code sampling/createMessage},
	 * {@code elicitation/create}) to the caller and answers the caller's result.
	 * @throws RelayRefused when the caller did not declare the capability or cannot be
	 * asked; the upstream is answered with a JSON-RPC error saying so
	 */
	default JsonNode request(String method, JsonNode params) {
		throw new RelayRefused(
				"the caller's client did not declare the capability '" + method + "' needs, so Quiver cannot relay it");
	}

	/** A request of the upstream that cannot be relayed to the caller. */
	final class RelayRefused extends RuntimeException {

		public RelayRefused(String message) {
			super(message, null, false, false);
		}

	}

}
