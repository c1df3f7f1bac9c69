package io.quiver.query.gate;

import io.quiver.query.gate.api.Verdict;

/**
 * One step of a {@code tools/call} (SPEC R7.1): a gate, or a stage that resolves what the
 * gates after it decide on (the collapse, the name, the account). Steps run in the order
 * of {@link CallSteps#ORDER}; the first denial answers the call. A step that does not
 * concern the call (role permission for a connected tool, the outbound URL for a
 * control-plane one) allows it.
 */
public interface CallStep {

	/**
	 * What a step needs to decide, and so where else it runs: {@link ToolSurface} runs
	 * the endpoint, tool and connection steps, in the same order, to decide what a caller
	 * is shown (R3.4).
	 */
	enum Extent {

		/** The caller alone: once per request. */
		ENDPOINT,
		/** The caller and one tool (a control-plane operation or a connected tool). */
		TOOL,
		/** The caller, one connected tool and one of its connections. */
		CONNECTION,
		/** The call itself (its name, its arguments): the call path only. */
		CALL

	}

	/** The step's name in {@link CallSteps#ORDER}. */
	String name();

	Extent extent();

	/** The verdict of an endpoint, tool or call step on the call. */
	default Verdict apply(Call call) {
		throw new UnsupportedOperationException(name() + " decides per connection");
	}

	/**
	 * The verdict of a connection step on one connection of the call's connected tool.
	 */
	default Verdict apply(Call call, String connectionId) {
		throw new UnsupportedOperationException(name() + " does not decide per connection");
	}

}
