package io.quiver.command.connection.vault;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CredentialTest {

	private static final String SECRET = "s3cr3t/with+chars";

	@Test
	void givenEachVariant_whenPrinted_thenNoSecretMaterialShows() {
		assertThat(new Credential.Bearer(SECRET).toString()).doesNotContain(SECRET).contains("****");
		assertThat(new Credential.Header("X-Api-Key", SECRET).toString()).doesNotContain(SECRET).contains("X-Api-Key");
		assertThat(new Credential.Basic("alice", SECRET).toString()).doesNotContain(SECRET).contains("alice");
		assertThat(String.valueOf(java.util.List.of(new Credential.Bearer(SECRET)))).doesNotContain(SECRET);
	}

	@Test
	void givenEachVariant_whenPresented_thenTheHeadersCarryIt() {
		assertThat(new Credential.Bearer("t").httpHeaders()).containsEntry("Authorization", "Bearer t");
		assertThat(new Credential.Header("X-Api-Key", "v").httpHeaders()).containsEntry("X-Api-Key", "v");
		String blob = Base64.getEncoder().encodeToString("alice:pw".getBytes(StandardCharsets.UTF_8));
		assertThat(new Credential.Basic("alice", "pw").httpHeaders()).containsEntry("Authorization", "Basic " + blob);
	}

	@Test
	void givenABasicCredential_whenAskedForSecretValues_thenPasswordEncodingsAndBlobAreListed() {
		String blob = Base64.getEncoder().encodeToString(("alice:" + SECRET).getBytes(StandardCharsets.UTF_8));

		assertThat(new Credential.Basic("alice", SECRET).secretValues()).contains(SECRET, "s3cr3t%2Fwith%2Bchars",
				blob);
	}

	@Test
	void givenLineBreaksOrProtocolHeaders_whenCreating_thenRefused() {
		assertThatThrownBy(() -> new Credential.Bearer("a\r\nX-Evil: 1")).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("line break");
		assertThatThrownBy(() -> new Credential.Header("Host", "x")).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> new Credential.Header("X Bad", "x")).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> new Credential.Basic("a:b", "x")).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> new Credential.Bearer("")).isInstanceOf(IllegalArgumentException.class);
	}

}
