package io.quiver.edge.upstream;

import io.quiver.command.connection.vault.Credential;
import io.quiver.command.connection.vault.CredentialUnavailableException;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.edge.oauth.OAuthGrants;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Reads a call's credential from the vault, within the caller's organisation, and turns a
 * missing one into an in-band failure that says what to do.
 */
@Component
class UpstreamCredentials {

	private final CredentialVault vault;

	private final OAuthGrants grants;

	@Autowired
	UpstreamCredentials(CredentialVault vault, OAuthGrants grants) {
		this.vault = vault;
		this.grants = grants;
	}

	/** Without OAuth refresh: pasted credentials only. */
	UpstreamCredentials(CredentialVault vault) {
		this(vault, null);
	}

	/** The call's credential, or null when the connection has none. */
	Credential read(UpstreamCall call) {
		if (call.grant() == null) {
			return null;
		}
		Credential credential;
		try {
			credential = this.vault.read(call.orgId(), call.grant().vaultRef());
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
		if (this.grants == null) {
			return credential;
		}
		try {
			return this.grants.fresh(call.orgId(), call.connectionId(), call.connectionLabel(), call.grant(),
					credential);
		}
		catch (OAuthGrants.GrantUnusable ex) {
			throw new UpstreamFailure(
					ex.reauthorize() ? UpstreamError.REAUTHORIZATION_NEEDED : UpstreamError.REFRESH_FAILED,
					ex.getMessage(), false);
		}
		catch (CredentialUnavailableException ex) {
			throw new UpstreamFailure(UpstreamError.CREDENTIAL_ERASED, "the credential of connection '"
					+ call.connectionLabel() + "' was revoked or replaced while it was being refreshed; try again",
					false);
		}
	}

}
