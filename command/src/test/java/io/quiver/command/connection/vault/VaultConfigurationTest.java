package io.quiver.command.connection.vault;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VaultConfigurationTest {

	@Test
	void givenTheEmbeddedH2Database_whenAsked_thenItCountsAsEmbedded() {
		assertThat(VaultConfiguration.isEmbeddedH2(TestVaults.database())).isTrue();
	}

}
