package io.quiver.edge.signin;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.command.connection.vault.VaultKey;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The authorization server's signing keys rotate (SPEC R14.5): a key signs for
 * {@code key-rotation}, then a new one is made; the old one stays published for one
 * access token lifetime after its successor was made, then it is retired and its private
 * key erased from the vault. Private keys live only in the vault. On an H2 database of
 * its own, with a clock the test moves.
 */
class SigningKeysTest {

	private static final Duration ROTATION = Duration.ofDays(30);

	private static final Duration ACCESS_TTL = Duration.ofHours(1);

	private JdbcTemplate jdbc;

	private SigningKeys keys;

	private Instant now = Instant.parse("2026-01-01T00:00:00Z");

	@BeforeEach
	void database() {
		DriverManagerDataSource dataSource = new DriverManagerDataSource(
				"jdbc:h2:mem:keys-" + UUID.randomUUID() + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DB_CLOSE_DELAY=-1");
		this.jdbc = new JdbcTemplate(dataSource);
		this.jdbc.execute("CREATE TABLE credential_vault (ref VARCHAR(64) PRIMARY KEY, org_id VARCHAR(64) NOT NULL, "
				+ "connection_id VARCHAR(64) NOT NULL, ciphertext BYTEA, created_at TIMESTAMP WITH TIME ZONE NOT NULL, "
				+ "erased_at TIMESTAMP WITH TIME ZONE)");
		this.jdbc
			.execute("CREATE TABLE oauth_signing_key (kid VARCHAR(64) PRIMARY KEY, vault_ref VARCHAR(64) NOT NULL, "
					+ "public_jwk TEXT NOT NULL, created_at TIMESTAMP WITH TIME ZONE NOT NULL, "
					+ "retired_at TIMESTAMP WITH TIME ZONE)");
		byte[] master = new byte[32];
		new SecureRandom().nextBytes(master);
		CredentialVault vault = new CredentialVault(this.jdbc, VaultKey.of(master));
		Clock clock = new Clock() {
			@Override
			public ZoneOffset getZone() {
				return ZoneOffset.UTC;
			}

			@Override
			public Clock withZone(java.time.ZoneId zone) {
				return this;
			}

			@Override
			public Instant instant() {
				return SigningKeysTest.this.now;
			}
		};
		this.keys = new SigningKeys(this.jdbc, new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
				vault, ROTATION, ACCESS_TTL, clock);
	}

	@Test
	void theNewestKeySignsAnOldOneStaysPublishedForATokenLifetimeThenIsRetiredAndErased() {
		String first = this.keys.current().getKeyID();
		assertThat(this.keys.current().getKeyID()).isEqualTo(first);
		assertThat(this.jdbc.queryForObject("SELECT public_jwk FROM oauth_signing_key", String.class))
			.doesNotContain("\"d\"");

		this.now = this.now.plus(ROTATION).plusSeconds(1);
		String second = this.keys.current().getKeyID();
		assertThat(second).isNotEqualTo(first);
		assertThat(published()).containsExactlyInAnyOrder(first, second);

		this.now = this.now.plus(ACCESS_TTL).plusSeconds(1);
		assertThat(this.keys.current().getKeyID()).isEqualTo(second);
		assertThat(published()).containsExactly(second);
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM oauth_signing_key WHERE retired_at IS NOT NULL",
				Integer.class))
			.isOne();
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM credential_vault WHERE ciphertext IS NULL",
				Integer.class))
			.isOne();
	}

	private java.util.List<String> published() {
		return this.keys.get(new JWKSelector(new JWKMatcher.Builder().build()), null)
			.stream()
			.map(JWK::getKeyID)
			.toList();
	}

}
