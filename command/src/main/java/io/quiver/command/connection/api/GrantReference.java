package io.quiver.command.connection.api;

/**
 * Where a connection's secret lives, never the secret itself (SPEC R1.3).
 *
 * @param vaultRef key of the encrypted entry in the credential vault
 * @param type how it is presented upstream
 * @param fingerprint a keyed hash of the secret, to tell rotations apart without
 * revealing it
 */
public record GrantReference(String vaultRef, CredentialType type, String fingerprint) {

	public GrantReference {
		if (vaultRef == null || type == null || fingerprint == null) {
			throw new IllegalArgumentException("a grant reference needs a vault reference, a type and a fingerprint");
		}
	}

}
