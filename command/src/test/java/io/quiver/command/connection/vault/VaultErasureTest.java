package io.quiver.command.connection.vault;

import io.quiver.command.connection.api.ConnectionDeletedEvent;
import io.quiver.command.connection.api.GrantReference;
import io.quiver.command.connection.api.GrantRevokedEvent;
import io.quiver.command.connection.api.GrantRotatedEvent;
import org.axonframework.config.ProcessingGroup;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VaultErasureTest {

	private final CredentialVault vault = TestVaults.inMemory();

	private final VaultErasure erasure = new VaultErasure(this.vault);

	@Test
	void givenARevokedGrant_whenTheEventIsHandled_thenItsEntryIsErased() {
		GrantReference grant = this.vault.store("org-1", "conn-1", new Credential.Bearer("t1"));

		this.erasure.on(new GrantRevokedEvent("org-1", "conn-1", grant.vaultRef()));

		assertErased(grant);
	}

	@Test
	void givenARotatedGrant_whenTheEventIsHandled_thenOnlyThePreviousEntryIsErased() {
		GrantReference previous = this.vault.store("org-1", "conn-1", new Credential.Bearer("t1"));
		GrantReference next = this.vault.store("org-1", "conn-1", new Credential.Bearer("t2"));

		this.erasure.on(new GrantRotatedEvent("org-1", "conn-1", previous.vaultRef(), next));

		assertErased(previous);
		assertThat(this.vault.read(next.vaultRef())).isEqualTo(new Credential.Bearer("t2"));
	}

	@Test
	void givenADeletedConnection_whenTheEventIsHandled_thenItsEntriesAreErased() {
		GrantReference grant = this.vault.store("org-1", "conn-1", new Credential.Bearer("t1"));
		GrantReference orphan = this.vault.store("org-1", "conn-1", new Credential.Bearer("t0"));

		this.erasure.on(new ConnectionDeletedEvent("org-1", "conn-1", "notion-legal", grant.vaultRef()));
		this.erasure.on(new ConnectionDeletedEvent("org-1", "conn-2", "no-grant", null));

		assertErased(grant);
		assertErased(orphan);
	}

	@Test
	void theProcessingGroupIsTheVaults() {
		assertThat(VaultErasure.class.getAnnotation(ProcessingGroup.class).value()).isEqualTo("credential-vault");
	}

	private void assertErased(GrantReference grant) {
		assertThatThrownBy(() -> this.vault.read(grant.vaultRef())).isInstanceOf(CredentialUnavailableException.class)
			.hasMessageContaining("erased");
	}

}
