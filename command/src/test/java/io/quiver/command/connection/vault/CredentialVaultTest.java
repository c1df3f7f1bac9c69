package io.quiver.command.connection.vault;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import javax.sql.DataSource;

import io.quiver.command.connection.api.CredentialType;
import io.quiver.command.connection.api.GrantReference;
import io.quiver.command.connection.vault.CredentialUnavailableException.Reason;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CredentialVaultTest {

	private static final String CANARY = "canary-7f3a9c1e-SECRET-do-not-leak";

	private DataSource database;

	private JdbcTemplate jdbc;

	private VaultKey key;

	private CredentialVault vault;

	@BeforeEach
	void setUp() {
		this.database = TestVaults.database();
		this.jdbc = new JdbcTemplate(this.database);
		this.key = TestVaults.randomKey();
		this.vault = new CredentialVault(this.jdbc, this.key);
	}

	@Test
	void givenEachCredentialType_whenStoredAndRead_thenTheSameCredentialComesBack() {
		Credential bearer = new Credential.Bearer(CANARY);
		Credential header = new Credential.Header("X-Api-Key", CANARY);
		Credential basic = new Credential.Basic("alice", CANARY);

		GrantReference bearerRef = this.vault.store("org-1", "conn-1", bearer);
		GrantReference headerRef = this.vault.store("org-1", "conn-2", header);
		GrantReference basicRef = this.vault.store("org-1", "conn-3", basic);

		assertThat(this.vault.read(bearerRef.vaultRef())).isEqualTo(bearer);
		assertThat(this.vault.read("org-1", headerRef.vaultRef())).isEqualTo(header);
		assertThat(this.vault.read(basicRef.vaultRef())).isEqualTo(basic);
		assertThat(bearerRef.type()).isEqualTo(CredentialType.BEARER);
		assertThat(headerRef.type()).isEqualTo(CredentialType.HEADER);
		assertThat(basicRef.type()).isEqualTo(CredentialType.BASIC);
	}

	@Test
	void givenAStoredCredential_whenTheTableIsRead_thenNoPlaintextIsThere() {
		GrantReference ref = this.vault.store("org-1", "conn-1", new Credential.Basic("alice", CANARY));

		byte[] stored = this.jdbc.queryForObject("SELECT ciphertext FROM credential_vault WHERE ref = ?", byte[].class,
				ref.vaultRef());
		String asText = new String(stored, StandardCharsets.ISO_8859_1);
		assertThat(asText).doesNotContain(CANARY).doesNotContain("canary").doesNotContain("alice");
		assertThat(asText).doesNotContain(Base64.getEncoder().encodeToString(CANARY.getBytes(StandardCharsets.UTF_8)));
		assertThat(ref.toString()).doesNotContain(CANARY);
		assertThat(ref.fingerprint()).hasSize(16).matches("[0-9a-f]{16}").isNotEqualTo(CANARY.substring(0, 16));
	}

	@Test
	void givenTheSameSecretTwice_whenStored_thenCiphertextsDifferButFingerprintsMatch() {
		GrantReference first = this.vault.store("org-1", "conn-1", new Credential.Bearer(CANARY));
		GrantReference second = this.vault.store("org-1", "conn-1", new Credential.Bearer(CANARY));
		GrantReference other = this.vault.store("org-1", "conn-1", new Credential.Bearer(CANARY + "2"));

		assertThat(first.fingerprint()).isEqualTo(second.fingerprint()).isNotEqualTo(other.fingerprint());
		assertThat(ciphertext(first)).isNotEqualTo(ciphertext(second));
	}

	@Test
	void givenAnotherVaultKey_whenReading_thenTheEntryDoesNotDecrypt() {
		GrantReference ref = this.vault.store("org-1", "conn-1", new Credential.Bearer(CANARY));
		CredentialVault otherKey = new CredentialVault(this.jdbc, TestVaults.randomKey());

		assertThatThrownBy(() -> otherKey.read(ref.vaultRef())).isInstanceOf(CredentialUnavailableException.class)
			.hasMessageContaining("does not decrypt")
			.hasMessageNotContaining(CANARY)
			.extracting((ex) -> ((CredentialUnavailableException) ex).reason())
			.isEqualTo(Reason.UNREADABLE);
		assertThat(otherKey.fingerprint(new Credential.Bearer(CANARY))).isNotEqualTo(ref.fingerprint());
	}

	@Test
	void givenAnErasedEntry_whenRead_thenItIsRefusedAsErasedAndTheCiphertextIsGone() {
		GrantReference ref = this.vault.store("org-1", "conn-1", new Credential.Bearer(CANARY));

		this.vault.erase(ref.vaultRef());
		this.vault.erase(ref.vaultRef());

		assertThatThrownBy(() -> this.vault.read(ref.vaultRef())).isInstanceOf(CredentialUnavailableException.class)
			.hasMessageContaining("was erased")
			.extracting((ex) -> ((CredentialUnavailableException) ex).reason())
			.isEqualTo(Reason.ERASED);
		assertThat(ciphertext(ref)).isNull();
	}

	@Test
	void givenAConnection_whenErasedWhole_thenEveryEntryOfItIsErasedAndOthersRemain() {
		GrantReference a = this.vault.store("org-1", "conn-1", new Credential.Bearer(CANARY));
		GrantReference b = this.vault.store("org-1", "conn-1", new Credential.Bearer(CANARY + "b"));
		GrantReference other = this.vault.store("org-1", "conn-2", new Credential.Bearer(CANARY + "c"));

		this.vault.eraseConnection("org-1", "conn-1");

		assertThat(ciphertext(a)).isNull();
		assertThat(ciphertext(b)).isNull();
		assertThat(this.vault.read(other.vaultRef())).isEqualTo(new Credential.Bearer(CANARY + "c"));
	}

	@Test
	void givenAFlippedByte_whenRead_thenTamperingIsDetected() {
		GrantReference ref = this.vault.store("org-1", "conn-1", new Credential.Bearer(CANARY));
		byte[] stored = ciphertext(ref);
		for (int position : new int[] { 5, stored.length - 1, stored.length / 2 }) {
			byte[] tampered = stored.clone();
			tampered[position] ^= 0x01;
			this.jdbc.update("UPDATE credential_vault SET ciphertext = ? WHERE ref = ?", tampered, ref.vaultRef());

			assertThatThrownBy(() -> this.vault.read(ref.vaultRef())).isInstanceOf(CredentialUnavailableException.class)
				.hasMessageContaining("altered");
		}
	}

	@Test
	void givenACiphertextMovedToAnotherOrganisationsRow_whenRead_thenItDoesNotDecrypt() {
		GrantReference mine = this.vault.store("org-1", "conn-1", new Credential.Bearer(CANARY));
		GrantReference theirs = this.vault.store("org-2", "conn-9", new Credential.Bearer("their-token"));
		this.jdbc.update("UPDATE credential_vault SET ciphertext = ? WHERE ref = ?", ciphertext(mine),
				theirs.vaultRef());

		assertThatThrownBy(() -> this.vault.read(theirs.vaultRef())).isInstanceOf(CredentialUnavailableException.class);
	}

	@Test
	void givenAnotherOrganisation_whenReadingWithTheOrgCheck_thenTheEntryIsUnknown() {
		GrantReference ref = this.vault.store("org-1", "conn-1", new Credential.Bearer(CANARY));

		assertThatThrownBy(() -> this.vault.read("org-2", ref.vaultRef()))
			.isInstanceOf(CredentialUnavailableException.class)
			.extracting((ex) -> ((CredentialUnavailableException) ex).reason())
			.isEqualTo(Reason.UNKNOWN);
		assertThatThrownBy(() -> this.vault.read("vault-nope")).isInstanceOf(CredentialUnavailableException.class)
			.hasMessageContaining("no credential 'vault-nope'");
	}

	private byte[] ciphertext(GrantReference ref) {
		return this.jdbc.queryForObject("SELECT ciphertext FROM credential_vault WHERE ref = ?", byte[].class,
				ref.vaultRef());
	}

}
