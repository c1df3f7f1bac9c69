package io.quiver.query.connection.api;

/**
 * A connection as the connection directory shows it; never a secret, only the grant's
 * type and fingerprint.
 */
public record ConnectionSummary(String connectionId, String connectorId, String label, String ownerMemberId,
		String grantStatus, String grantType, String grantFingerprint, int importedTools, String createdAt,
		String updatedAt) {
}
