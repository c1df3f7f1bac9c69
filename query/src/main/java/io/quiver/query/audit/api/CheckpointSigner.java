package io.quiver.query.audit.api;

/**
 * The key checkpoints are signed with (SPEC R10.11): Ed25519, its public half published
 * so that an auditor can verify checkpoints without trusting the server.
 */
public interface CheckpointSigner {

	/** The key's id: the first 16 bytes of the SHA-256 of its public key (X.509), hex. */
	String keyId();

	/**
	 * The public key, PEM ({@code -----BEGIN PUBLIC KEY-----}, X.509
	 * SubjectPublicKeyInfo).
	 */
	String publicKeyPem();

	/** The Ed25519 signature of the bytes. */
	byte[] sign(byte[] message);

}
