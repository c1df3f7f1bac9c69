package io.quiver.command.connection.vault;

import io.quiver.command.catalog.api.OAuthClientSetEvent;
import io.quiver.command.connection.api.ConnectionDeletedEvent;
import io.quiver.command.connection.api.GrantRevokedEvent;
import io.quiver.command.connection.api.GrantRotatedEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.stereotype.Component;

/**
 * Erases vault entries a grant no longer uses (SPEC R1.3). A subscribing processor runs
 * this in the transaction that stores the event, so a revoked, rotated or deleted grant
 * is unreadable once the command returns, and a failed erasure rolls the command back.
 * Erasing is idempotent; replays have nothing left to erase.
 */
@Component
@ProcessingGroup(VaultErasure.PROCESSING_GROUP)
public class VaultErasure {

	public static final String PROCESSING_GROUP = "credential-vault";

	private final CredentialVault vault;

	public VaultErasure(CredentialVault vault) {
		this.vault = vault;
	}

	@EventHandler
	@DisallowReplay
	void on(GrantRevokedEvent event) {
		this.vault.erase(event.vaultRef());
	}

	@EventHandler
	@DisallowReplay
	void on(GrantRotatedEvent event) {
		this.vault.erase(event.previousVaultRef());
	}

	/** The secret of the OAuth client this one replaced. */
	@EventHandler
	@DisallowReplay
	void on(OAuthClientSetEvent event) {
		this.vault.erase(event.previousSecretRef());
	}

	/** Every entry of the connection, including any orphan of a refused command. */
	@EventHandler
	@DisallowReplay
	void on(ConnectionDeletedEvent event) {
		this.vault.erase(event.vaultRef());
		this.vault.eraseConnection(event.orgId(), event.connectionId());
	}

}
