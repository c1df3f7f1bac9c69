package io.quiver.query.audit.api;

/**
 * A signed checkpoint of an organisation's trail (SPEC R10.11): the first {@code size}
 * entries, the Merkle root over their hashes (RFC 9162, hex), when it was signed, by
 * which key, and the Ed25519 signature (base64) of its signed form
 * ({@code CheckpointSignature.message}).
 */
public record AuditCheckpoint(String orgId, long size, String rootHash, String timestamp, String keyId,
		String signature) {
}
