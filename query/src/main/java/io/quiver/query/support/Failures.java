package io.quiver.query.support;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * How the call path logs a failure it did not expect, without breaking SPEC R10.2
 * (argument values and results are never logged, anywhere).
 * <p>
 * An exception's message can quote whatever it was handed: an argument value, an
 * upstream's answer, a SQL statement with its parameters. Redacting the message, as the
 * upstream's {@code ResultRedactor} does for results, would not do: that redactor knows
 * the one secret it is given (the connection's credential), while an argument value can
 * be any text and cannot be recognised inside free text. So messages are dropped
 * altogether. What is logged is each exception's class and its stack frames (code, never
 * data), down the chain of causes, beside an incident id that the caller is given too, so
 * that a report can be matched to its log line.
 */
public final class Failures {

	private static final SecureRandom RANDOM = new SecureRandom();

	private static final int MAX_CAUSES = 8;

	private Failures() {
	}

	/** A short random id that names one failure in the log and in the answer. */
	public static String incident() {
		byte[] bytes = new byte[6];
		RANDOM.nextBytes(bytes);
		return HexFormat.of().formatHex(bytes);
	}

	/**
	 * The exception's class and stack trace, and those of its causes, without any
	 * message: one line per frame, as a stack trace is printed.
	 */
	public static String trace(Throwable failure) {
		StringBuilder trace = new StringBuilder();
		Map<Throwable, Boolean> seen = new IdentityHashMap<>();
		Throwable current = failure;
		for (int depth = 0; current != null && depth < MAX_CAUSES && seen.put(current, true) == null; depth++) {
			trace.append((depth == 0) ? "" : "\nCaused by: ").append(current.getClass().getName());
			for (StackTraceElement frame : current.getStackTrace()) {
				trace.append("\n\tat ").append(frame);
			}
			current = current.getCause();
		}
		return trace.toString();
	}

}
