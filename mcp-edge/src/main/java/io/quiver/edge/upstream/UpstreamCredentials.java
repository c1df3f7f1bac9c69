package io.quiver.edge.upstream;

import io.quiver.command.connection.vault.Credential;
import io.quiver.command.connection.vault.CredentialUnavailableException;
import io.quiver.command.connection.vault.CredentialVault;

/**
 * Reads a call's credential from the vault, within the caller's organisation, and turns a
 * missing one into an in-band failure that says what to do.
 */
class UpstreamCredentials {

	private final CredentialVault vault;

	UpstreamCredentials(CredentialVault vault) {
		this.vault = vault;
	}

	/** The call's credential, or null when the connection has none. */
	Credential read(UpstreamCall call) {
		if (call.grant() == null) {
			return null;
		}
		try {
			return this.vault.read(call.orgId(), call.grant().vaultRef());
		}
		catch (CredentialUnavailableException ex) {
			if (ex.reason() == CredentialUnavailableException.Reason.UNREADABLE) {
				throw new UpstreamFailure(UpstreamError.CREDENTIAL_UNREADABLE,
						"the credential of connection '" + call.connectionLabel()
								+ "' cannot be decrypted (the vault key changed or the entry was "
								+ "altered); its owner must store the credential again",
						false);
			}
			throw new UpstreamFailure(UpstreamError.CREDENTIAL_ERASED,
					"the credential of connection '" + call.connectionLabel()
							+ "' was revoked or replaced; its owner must store a new credential "
							+ "before this connection can be used",
					false);
		}
	}

}
