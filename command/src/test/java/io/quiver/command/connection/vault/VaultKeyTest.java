package io.quiver.command.connection.vault;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VaultKeyTest {

	@TempDir
	Path dataDir;

	@Test
	void givenNoKeyOnTheEmbeddedDatabase_whenResolvedTwice_thenOneOwnerOnlyKeyFileServesBoth() throws Exception {
		VaultKey first = VaultKey.resolve(null, true, this.dataDir);
		Path file = this.dataDir.resolve("vault.key");
		String content = Files.readString(file);
		VaultKey second = VaultKey.resolve("", true, this.dataDir);

		assertThat(Base64.getDecoder().decode(content.trim())).hasSize(32);
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
		assertThat(Files.readString(file)).isEqualTo(content);
		JdbcTemplate jdbc = new JdbcTemplate(TestVaults.database());
		String ref = new CredentialVault(jdbc, first).store("org-1", "conn-1", new Credential.Bearer("token"))
			.vaultRef();
		CredentialVault afterRestart = new CredentialVault(jdbc, second);
		assertThat(afterRestart.read(ref)).isEqualTo(new Credential.Bearer("token"));
	}

	@Test
	void givenNoKeyOnAnotherDatabase_whenResolved_thenStartIsRefusedWithHowToSetIt() {
		assertThatThrownBy(() -> VaultKey.resolve(null, false, this.dataDir)).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("QUIVER_VAULT_KEY")
			.hasMessageContaining("openssl rand -base64 32");
		assertThat(this.dataDir.resolve("vault.key")).doesNotExist();
	}

	@Test
	void givenAConfiguredKey_whenResolved_thenItIsUsedOnAnyDatabase() {
		String configured = Base64.getEncoder().encodeToString(new byte[32]);

		VaultKey key = VaultKey.resolve(configured, false, this.dataDir);

		assertThat(key).isNotNull();
		assertThat(key.toString()).doesNotContain(configured);
		assertThat(this.dataDir.resolve("vault.key")).doesNotExist();
	}

	@Test
	void givenAMalformedKey_whenResolved_thenTheMessageSaysWhatAKeyIs() {
		assertThatThrownBy(() -> VaultKey.resolve("not base64!", true, this.dataDir))
			.isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("32 random bytes in base64");
		assertThatThrownBy(() -> VaultKey.resolve(Base64.getEncoder().encodeToString(new byte[16]), true, this.dataDir))
			.isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("32 random bytes in base64");
	}

}
