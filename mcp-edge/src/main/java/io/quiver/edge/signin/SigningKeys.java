package io.quiver.edge.signin;

import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import io.quiver.command.connection.vault.CredentialVault;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The authorization server's signing keys (SPEC R14.5): RS256 keys whose private part
 * lives in the credential vault (AES-GCM, owner {@code _deployment}), their public part
 * and ref in {@code oauth_signing_key}.
 * <p>
 * Rotation: the newest key signs. When it is older than {@code key-rotation} a new key is
 * made (by whichever node signs first; two nodes racing make two keys, both published,
 * and the newer signs). A key stays in the JWKS until every token it could have signed
 * has expired (one access token lifetime after the next key was made); then it is retired
 * and its vault entry erased. Tokens are signed with an explicit {@code kid}, so the
 * verifier picks the right key.
 * <p>
 * Keys are loaded once and reloaded when a token names a {@code kid} this node does not
 * hold (another node rotated), at most once a second.
 */
public class SigningKeys implements JWKSource<SecurityContext> {

	static final String VAULT_OWNER = "_deployment";

	static final String VAULT_PURPOSE = "oauth-signing-key";

	private static final Logger log = LoggerFactory.getLogger(SigningKeys.class);

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transactions;

	private final CredentialVault vault;

	private final Duration rotation;

	private final Duration accessTokenTtl;

	private final Clock clock;

	private volatile Loaded loaded;

	private volatile Instant lastReload = Instant.EPOCH;

	SigningKeys(JdbcTemplate jdbc, TransactionTemplate transactions, CredentialVault vault, Duration rotation,
			Duration accessTokenTtl, Clock clock) {
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.vault = vault;
		this.rotation = rotation;
		this.accessTokenTtl = accessTokenTtl;
		this.clock = clock;
	}

	/** The key that signs now, made or rotated first when due. */
	public RSAKey current() {
		Loaded keys = this.loaded;
		Instant now = this.clock.instant();
		if (keys == null || keys.current == null || keys.currentCreated.plus(this.rotation).isBefore(now)
				|| keys.nextRetirement.isBefore(now)) {
			synchronized (this) {
				keys = reload();
				if (keys.current == null || keys.currentCreated.plus(this.rotation).isBefore(now)) {
					create(now);
					keys = reload();
				}
			}
		}
		return keys.current;
	}

	/**
	 * Every published key, private parts included (the JWKS endpoint publishes the public
	 * ones).
	 */
	public JWKSet keys() {
		current();
		return this.loaded.set;
	}

	/**
	 * The keys a token's signature may be checked with. Verifying never makes or rotates
	 * a key (that is signing's work) and reads the database only when this node holds no
	 * key yet or the token names one it does not hold.
	 */
	@Override
	public List<JWK> get(JWKSelector selector, SecurityContext context) {
		Loaded keys = this.loaded;
		if (keys == null) {
			synchronized (this) {
				keys = (this.loaded != null) ? this.loaded : reload();
			}
		}
		List<JWK> found = selector.select(keys.set);
		if (found.isEmpty() && this.lastReload.plusSeconds(1).isBefore(this.clock.instant())) {
			synchronized (this) {
				found = selector.select(reload().set);
			}
		}
		return found;
	}

	private Loaded reload() {
		Instant now = this.clock.instant();
		this.lastReload = now;
		List<KeyRow> rows = this.jdbc.query(
				"SELECT kid, vault_ref, created_at FROM oauth_signing_key WHERE retired_at IS NULL ORDER BY created_at DESC, kid",
				(rs, n) -> new KeyRow(rs.getString(1), rs.getString(2),
						rs.getObject(3, OffsetDateTime.class).toInstant()));
		List<JWK> keys = new ArrayList<>();
		RSAKey current = null;
		Instant currentCreated = null;
		Instant successorCreated = null;
		Instant nextRetirement = Instant.MAX;
		for (KeyRow row : rows) {
			// An older key signed until its successor was made; its tokens live one
			// access
			// token lifetime more.
			if (successorCreated != null && successorCreated.plus(this.accessTokenTtl).isBefore(now)) {
				retire(row, now);
				continue;
			}
			RSAKey key = parse(row);
			if (current == null) {
				current = key;
				currentCreated = row.created();
			}
			keys.add(key);
			if (successorCreated != null && successorCreated.plus(this.accessTokenTtl).isBefore(nextRetirement)) {
				nextRetirement = successorCreated.plus(this.accessTokenTtl);
			}
			successorCreated = row.created();
		}
		Loaded result = new Loaded(new JWKSet(keys), current, currentCreated, nextRetirement);
		this.loaded = result;
		return result;
	}

	private RSAKey parse(KeyRow row) {
		try {
			return RSAKey.parse(this.vault.readSecret(VAULT_OWNER, row.vaultRef()));
		}
		catch (ParseException ex) {
			throw new IllegalStateException("signing key " + row.kid() + " in the vault is not a JWK", ex);
		}
	}

	private void create(Instant now) {
		RSAKey key;
		try {
			key = new RSAKeyGenerator(2048).keyUse(KeyUse.SIGNATURE)
				.keyID(UUID.randomUUID().toString())
				.algorithm(JWSAlgorithm.RS256)
				.generate();
		}
		catch (JOSEException ex) {
			throw new IllegalStateException("cannot generate a signing key", ex);
		}
		this.transactions.executeWithoutResult((status) -> {
			String ref = this.vault.storeSecret(VAULT_OWNER, VAULT_PURPOSE, key.toJSONString());
			this.jdbc.update(
					"INSERT INTO oauth_signing_key (kid, vault_ref, public_jwk, created_at) VALUES (?, ?, ?, ?)",
					key.getKeyID(), ref, key.toPublicJWK().toJSONString(),
					OffsetDateTime.ofInstant(now, ZoneOffset.UTC));
		});
		log.info("Made a new signing key for the authorization server (kid {})", key.getKeyID());
	}

	private void retire(KeyRow row, Instant now) {
		this.transactions.executeWithoutResult((status) -> {
			this.jdbc.update("UPDATE oauth_signing_key SET retired_at = ? WHERE kid = ? AND retired_at IS NULL",
					OffsetDateTime.ofInstant(now, ZoneOffset.UTC), row.kid());
			this.vault.erase(row.vaultRef());
		});
		log.info("Retired the authorization server's signing key {}", row.kid());
	}

	private record KeyRow(String kid, String vaultRef, Instant created) {
	}

	private record Loaded(JWKSet set, RSAKey current, Instant currentCreated, Instant nextRetirement) {
	}

}
