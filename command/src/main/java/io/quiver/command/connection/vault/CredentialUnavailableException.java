package io.quiver.command.connection.vault;

/**
 * A vault entry cannot give back its credential. The message names the ref and what to
 * do, never secret material.
 */
public class CredentialUnavailableException extends RuntimeException {

	private final Reason reason;

	public CredentialUnavailableException(Reason reason, String message) {
		super(message);
		this.reason = reason;
	}

	public Reason reason() {
		return this.reason;
	}

	/** Why the credential cannot be read. */
	public enum Reason {

		/** The entry was erased: grant revoked, rotated, or connection deleted. */
		ERASED,
		/** No such entry (in this organisation). */
		UNKNOWN,
		/**
		 * The entry does not decrypt: altered in the table, or the vault key changed.
		 */
		UNREADABLE

	}

}
