package io.quiver.query.audit.api;

/**
 * Verifies the tool-call audit trail (SPEC R10.4): every hash recomputed, every link of
 * the chain and every write-ahead pair checked.
 */
public interface AuditVerifier {

	/**
	 * Walks an organisation's chain from the first entry and reports the first broken
	 * link.
	 */
	AuditVerification verify(String orgId);

}
