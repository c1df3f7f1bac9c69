package io.quiver.edge.upstream;

/**
 * An upstream problem on its way to an in-band {@link UpstreamResult}; never leaves this
 * package. The detail names the problem and what to do, never a secret or an argument
 * value.
 */
class UpstreamFailure extends RuntimeException {

	private static final int MAX_MESSAGE = 1000;

	private final UpstreamError error;

	private final boolean reached;

	UpstreamFailure(UpstreamError error, String detail, boolean reached) {
		super(detail, null, false, false);
		this.error = error;
		this.reached = reached;
	}

	UpstreamError error() {
		return this.error;
	}

	/**
	 * The text for the in-band result: names the connection, redacted, then bounded (in
	 * that order, so that a cut never leaves half a secret).
	 */
	String inBandMessage(UpstreamCall call, ResultRedactor.Redaction redaction) {
		String message = getMessage();
		String label = "'" + call.connectionLabel() + "'";
		if (!message.contains(label)) {
			message = "Call to " + label + " failed: " + message;
		}
		String redacted = redaction.text(message);
		return (redacted.length() <= MAX_MESSAGE) ? redacted : redacted.substring(0, MAX_MESSAGE) + "…";
	}

	/** Whether the request got through to the upstream (it may have acted on it). */
	boolean reached() {
		return this.reached;
	}

}
