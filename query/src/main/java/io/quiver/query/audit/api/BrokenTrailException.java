package io.quiver.query.audit.api;

/**
 * The trail's chain is broken where a checkpoint or a proof would cover it (SPEC R10.11):
 * nothing is signed over a broken chain. The state of the trail, not the request, is at
 * fault: verifying the trail ({@link AuditVerifier#verify}) tells where and why.
 */
public class BrokenTrailException extends RuntimeException {

	public BrokenTrailException(String message) {
		super(message);
	}

}
