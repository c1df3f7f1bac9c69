package io.quiver.query.gate.api;

import java.util.List;

/**
 * The in-band error texts of a {@code tools/call} (SPEC R7.2–R7.5, R7.9) that are not one
 * gate's reason: the frame of every denial, the stale collapse, a meta-tool through
 * {@code execute_tool}, the account argument, and the failures of the call itself. Each
 * says what happened and what to do.
 */
public final class InBandErrors {

	private InBandErrors() {
	}

	/** Every denial names its gate (R7.5). */
	public static String denied(Verdict verdict) {
		return "Denied by the " + verdict.gate().wireName() + " gate: " + verdict.reason();
	}

	/** A meta-tool called while the surface is not collapsed (R7.3). */
	public static String staleCollapse(String name) {
		return "'" + name + "' is not available: your tool list was cached before the threshold moved, and the "
				+ "surface is no longer collapsed. Your tools are now listed directly: refresh the tool list "
				+ "(tools/list) and call them by name.";
	}

	/** {@code execute_tool} naming a meta-tool (R5.5). */
	public static String metaToolThroughExecuteTool(String name) {
		return "execute_tool runs connected tools; call '" + name + "' directly instead of through execute_tool";
	}

	/**
	 * A tool backed by several accounts called without naming one it may reach (R5.4).
	 */
	public static String connectionArgument(String toolName, List<String> accountLabels) {
		return "invalid arguments for " + toolName + ": argument 'connection' must name one of its accounts: "
				+ String.join(", ", accountLabels);
	}

	/**
	 * A {@code resources/read} of a URI that is no link a tool gave this caller, or whose
	 * tool is gone (R12.8).
	 */
	public static String notAResourceLink() {
		return "this URI is not a resource link a tool gave you, or the tool that returned it no longer exists; "
				+ "call the tool again for a fresh link";
	}

	/** A call that failed unexpectedly: nothing of the failure but its incident. */
	public static String internalError(String incident) {
		return "Quiver could not complete this call because of an internal error (incident " + incident
				+ "); nothing is known to have changed. Try again, and report the incident if it persists.";
	}

	/** The trail refused the attempt's entry (R10.1): no call is answered unaudited. */
	public static String auditUnavailable(boolean executed) {
		String what = executed ? "The call was made, but its outcome is withheld" : "The call was not made";
		return what + " because the audit trail could not record it; Quiver answers no call it cannot audit. "
				+ "Try again later.";
	}

	/** R7.9: the database was out of reach; says whether the tool ran, and to retry. */
	public static String databaseUnavailable(boolean executed) {
		return (executed ? "The call was made, but its outcome cannot be confirmed" : "The call was not made")
				+ ": Quiver's database is unavailable for the moment. Try again in a few seconds.";
	}

}
