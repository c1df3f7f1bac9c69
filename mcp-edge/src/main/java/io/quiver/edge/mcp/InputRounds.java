package io.quiver.edge.mcp;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.edge.security.CallerIdentity;
import org.springframework.stereotype.Component;

/**
 * The 2026-07-28 calls on this node waiting for their caller's retry (SEP-2322), by the
 * {@code requestState} their last round was answered with. A state is 32 random bytes,
 * used once: the retry takes it (a new round gets a new one), and only the caller, tool
 * and arguments of the call it continues can take it, as the text asks of a state that
 * decides anything. The call itself holds the upstream's open request, so the state names
 * a call on this node: a retry that reaches another node finds nothing and is told to
 * call again (docs/mcp-transport.md).
 */
@Component
class InputRounds {

	private static final SecureRandom RANDOM = new SecureRandom();

	private final Map<String, RoundTrip> waiting = new ConcurrentHashMap<>();

	/** Parks a call whose round asked a question; returns the round's state. */
	String park(RoundTrip trip) {
		byte[] bytes = new byte[32];
		RANDOM.nextBytes(bytes);
		String state = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
		this.waiting.put(state, trip);
		if (trip.finished()) {
			// it ended while its question was being answered: nothing to continue
			this.waiting.remove(state, trip);
		}
		return state;
	}

	/**
	 * The call a retry continues, taken; null when the state is unknown here, used, or
	 * not this caller's call with this tool and these arguments (then it stays for its
	 * own caller).
	 */
	RoundTrip resume(String state, CallerIdentity caller, String tool, JsonNode arguments) {
		RoundTrip trip = this.waiting.get(state);
		if (trip == null || !trip.continuedBy(caller, tool, arguments)) {
			return null;
		}
		return this.waiting.remove(state, trip) ? trip : null;
	}

	/** Forgets the states of a call that ended. */
	void ended(RoundTrip trip) {
		this.waiting.values().removeIf((parked) -> parked == trip);
	}

}
