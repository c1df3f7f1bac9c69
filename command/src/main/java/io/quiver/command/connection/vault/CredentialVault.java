package io.quiver.command.connection.vault;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.connection.api.GrantReference;
import io.quiver.command.connection.vault.CredentialUnavailableException.Reason;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The encrypted store of connection secrets (SPEC R1.3). Events carry the
 * {@link GrantReference} this returns, never the secret.
 * <p>
 * Each entry is AES-256-GCM with a fresh 12-byte nonce; the additional authenticated data
 * binds the ref, the organisation and the connection, so a ciphertext copied onto another
 * row, or altered, does not decrypt. Stored layout: version byte, nonce, ciphertext with
 * its 16-byte tag. Erasing drops the ciphertext and keeps a tombstone.
 * <p>
 * Nothing here logs a credential, and no exception message carries secret material.
 */
@Component
public class CredentialVault {

	private static final byte FORMAT_VERSION = 1;

	private static final int NONCE_BYTES = 12;

	private static final int TAG_BITS = 128;

	private static final int FINGERPRINT_CHARS = 16;

	private static final ObjectMapper JSON = new ObjectMapper();

	private final JdbcTemplate jdbc;

	private final VaultKey key;

	private final SecureRandom random = new SecureRandom();

	private final TransactionTemplate transactions;

	public CredentialVault(JdbcTemplate jdbc, VaultKey key) {
		this.jdbc = jdbc;
		this.key = key;
		this.transactions = new TransactionTemplate(new DataSourceTransactionManager(jdbc.getDataSource()));
	}

	/**
	 * Replaces a connection's credential in place, under a row lock: the entry is read
	 * again with {@code SELECT … FOR UPDATE}, {@code change} decides on what it holds
	 * now, and what it returns is sealed under the same ref in the same transaction.
	 * Nodes that race on one entry therefore run {@code change} one after the other, each
	 * on what the previous one wrote: an OAuth refresh happens once, and the others see
	 * its tokens (SPEC R4.5). The ref, and so every event's {@link GrantReference}, stays
	 * the same.
	 * @param change the new credential, or the one it was given to leave the entry as it
	 * is; it runs while the lock is held, so it must be bounded in time
	 * @return the credential the entry holds afterwards
	 * @throws CredentialUnavailableException when the entry was erased, does not exist,
	 * or does not decrypt
	 */
	public Credential replace(String orgId, String vaultRef, UnaryOperator<Credential> change) {
		return this.transactions.execute((status) -> {
			List<Entry> rows = this.jdbc.query(
					"SELECT org_id, connection_id, ciphertext FROM credential_vault WHERE ref = ? FOR UPDATE",
					(rs, n) -> new Entry(rs.getString(1), rs.getString(2), rs.getBytes(3)), vaultRef);
			Entry entry = requireReadable(orgId, vaultRef, rows);
			Credential current = decrypt(vaultRef, entry);
			Credential next = change.apply(current);
			if (next == null || next == current) {
				return current;
			}
			if (next.type() != current.type()) {
				throw new IllegalArgumentException("a credential is replaced in place only by one of its type");
			}
			byte[] plaintext = serialize(next);
			try {
				this.jdbc.update("UPDATE credential_vault SET ciphertext = ? WHERE ref = ?",
						seal(vaultRef, entry.orgId(), entry.connectionId(), plaintext), vaultRef);
			}
			finally {
				Arrays.fill(plaintext, (byte) 0);
			}
			return next;
		});
	}

	/**
	 * Encrypts and stores a connection's credential.
	 * @return the reference to put in events: vault ref, type and keyed fingerprint
	 */
	public GrantReference store(String orgId, String connectionId, Credential credential) {
		if (orgId == null || connectionId == null || credential == null) {
			throw new IllegalArgumentException(
					"storing a credential needs an organisation, a connection and the " + "credential");
		}
		String ref = "vault-" + UUID.randomUUID();
		byte[] plaintext = serialize(credential);
		try {
			this.jdbc.update(
					"INSERT INTO credential_vault (ref, org_id, connection_id, ciphertext, created_at) VALUES (?, ?, ?, ?, ?)",
					ref, orgId, connectionId, seal(ref, orgId, connectionId, plaintext), now());
		}
		finally {
			Arrays.fill(plaintext, (byte) 0);
		}
		return new GrantReference(ref, credential.type(), fingerprint(credential));
	}

	/**
	 * Encrypts and stores a secret that is not a connection's credential: a signing key
	 * of the authorization server, an identity provider's client secret. The entry is
	 * bound to its owner (an organisation, or {@code _deployment}) and purpose, like a
	 * credential to its connection.
	 * @return the vault ref to keep instead of the secret
	 */
	public String storeSecret(String ownerId, String purpose, String secret) {
		if (ownerId == null || purpose == null || secret == null || secret.isEmpty()) {
			throw new IllegalArgumentException("storing a secret needs an owner, a purpose and the secret");
		}
		String ref = "vault-" + UUID.randomUUID();
		byte[] plaintext = secret.getBytes(StandardCharsets.UTF_8);
		try {
			this.jdbc.update(
					"INSERT INTO credential_vault (ref, org_id, connection_id, ciphertext, created_at) VALUES (?, ?, ?, ?, ?)",
					ref, ownerId, purpose, seal(ref, ownerId, purpose, plaintext), now());
		}
		finally {
			Arrays.fill(plaintext, (byte) 0);
		}
		return ref;
	}

	/**
	 * A secret stored by {@link #storeSecret}; an entry of another owner reads as
	 * unknown.
	 * @throws CredentialUnavailableException when the entry was erased, does not exist,
	 * or does not decrypt
	 */
	public String readSecret(String ownerId, String vaultRef) {
		byte[] plaintext = open(vaultRef, entry(ownerId, vaultRef));
		try {
			return new String(plaintext, StandardCharsets.UTF_8);
		}
		finally {
			Arrays.fill(plaintext, (byte) 0);
		}
	}

	private byte[] seal(String ref, String orgId, String connectionId, byte[] plaintext) {
		byte[] nonce = new byte[NONCE_BYTES];
		this.random.nextBytes(nonce);
		byte[] sealed;
		try {
			sealed = cipher(Cipher.ENCRYPT_MODE, nonce, ref, orgId, connectionId).doFinal(plaintext);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("cannot encrypt vault entry " + ref, ex);
		}
		return ByteBuffer.allocate(1 + NONCE_BYTES + sealed.length).put(FORMAT_VERSION).put(nonce).put(sealed).array();
	}

	private Entry entry(String orgId, String vaultRef) {
		List<Entry> rows = this.jdbc.query(
				"SELECT org_id, connection_id, ciphertext FROM credential_vault WHERE ref = ?",
				(rs, n) -> new Entry(rs.getString(1), rs.getString(2), rs.getBytes(3)), vaultRef);
		return requireReadable(orgId, vaultRef, rows);
	}

	private static Entry requireReadable(String orgId, String vaultRef, List<Entry> rows) {
		if (rows.isEmpty() || (orgId != null && !orgId.equals(rows.get(0).orgId()))) {
			throw new CredentialUnavailableException(Reason.UNKNOWN,
					"no credential '" + vaultRef + "' in the vault; store a new credential on the connection");
		}
		Entry entry = rows.get(0);
		if (entry.ciphertext() == null) {
			throw new CredentialUnavailableException(Reason.ERASED, "credential '" + vaultRef
					+ "' was erased (grant revoked, rotated or connection deleted); store a new credential");
		}
		return entry;
	}

	/**
	 * The credential of a vault entry.
	 * @throws CredentialUnavailableException when the entry was erased, does not exist,
	 * or does not decrypt
	 */
	public Credential read(String vaultRef) {
		return read(null, vaultRef);
	}

	/**
	 * The credential of a vault entry of this organisation; an entry of another
	 * organisation reads as unknown (SPEC R1.4).
	 */
	public Credential read(String orgId, String vaultRef) {
		return decrypt(vaultRef, entry(orgId, vaultRef));
	}

	/**
	 * Erases an entry: its ciphertext is dropped, a tombstone remains. Erasing twice, or
	 * an unknown ref, does nothing.
	 */
	public void erase(String vaultRef) {
		if (vaultRef != null) {
			this.jdbc.update("UPDATE credential_vault SET ciphertext = NULL, erased_at = ? WHERE ref = ? "
					+ "AND erased_at IS NULL", now(), vaultRef);
		}
	}

	/**
	 * Erases every entry of a connection, including any stored for a command that was
	 * then refused.
	 */
	public void eraseConnection(String orgId, String connectionId) {
		this.jdbc.update("UPDATE credential_vault SET ciphertext = NULL, erased_at = ? WHERE org_id = ? "
				+ "AND connection_id = ? AND erased_at IS NULL", now(), orgId, connectionId);
	}

	/**
	 * HMAC-SHA256 of the canonical secret under a key derived from the vault key, hex,
	 * first 16 characters: tells two secrets apart without revealing either.
	 */
	public String fingerprint(Credential credential) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(this.key.fingerprintKey());
			byte[] digest = mac.doFinal(credential.canonical().getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest).substring(0, FINGERPRINT_CHARS);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is not available in this JVM", ex);
		}
	}

	private Credential decrypt(String vaultRef, Entry entry) {
		byte[] plaintext = open(vaultRef, entry);
		try {
			return deserialize(plaintext, vaultRef);
		}
		finally {
			Arrays.fill(plaintext, (byte) 0);
		}
	}

	private byte[] open(String vaultRef, Entry entry) {
		byte[] stored = entry.ciphertext();
		if (stored.length < 1 + NONCE_BYTES + TAG_BITS / 8 || stored[0] != FORMAT_VERSION) {
			throw unreadable(vaultRef);
		}
		byte[] nonce = Arrays.copyOfRange(stored, 1, 1 + NONCE_BYTES);
		try {
			Cipher cipher = cipher(Cipher.DECRYPT_MODE, nonce, vaultRef, entry.orgId(), entry.connectionId());
			return cipher.doFinal(stored, 1 + NONCE_BYTES, stored.length - 1 - NONCE_BYTES);
		}
		catch (AEADBadTagException ex) {
			throw unreadable(vaultRef);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("cannot decrypt vault entry " + vaultRef, ex);
		}
	}

	private Cipher cipher(int mode, byte[] nonce, String ref, String orgId, String connectionId)
			throws GeneralSecurityException {
		Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
		cipher.init(mode, this.key.encryptionKey(), new GCMParameterSpec(TAG_BITS, nonce));
		cipher.updateAAD(("quiver-vault-v1\u0000" + ref + "\u0000" + orgId + "\u0000" + connectionId)
			.getBytes(StandardCharsets.UTF_8));
		return cipher;
	}

	private static CredentialUnavailableException unreadable(String vaultRef) {
		return new CredentialUnavailableException(Reason.UNREADABLE,
				"credential '" + vaultRef
						+ "' does not decrypt: the entry was altered or the vault key (QUIVER_VAULT_KEY) changed; "
						+ "restore the key or store a new credential");
	}

	private static byte[] serialize(Credential credential) {
		ObjectNode node = JSON.createObjectNode();
		// Java 17: no pattern switch yet; the interface is sealed, so these are all.
		if (credential instanceof Credential.Bearer bearer) {
			node.put("type", "bearer").put("token", bearer.token());
		}
		else if (credential instanceof Credential.Header header) {
			node.put("type", "header").put("name", header.name()).put("value", header.value());
		}
		else if (credential instanceof Credential.Basic basic) {
			node.put("type", "basic").put("username", basic.username()).put("password", basic.password());
		}
		else if (credential instanceof Credential.OAuth oauth) {
			node.put("type", "oauth").put("accessToken", oauth.accessToken());
			if (oauth.refreshToken() != null) {
				node.put("refreshToken", oauth.refreshToken());
			}
			if (oauth.expiresAt() != null) {
				node.put("expiresAt", oauth.expiresAt().toString());
			}
			if (oauth.scope() != null) {
				node.put("scope", oauth.scope());
			}
			if (oauth.issuer() != null) {
				node.put("issuer", oauth.issuer());
			}
		}
		return node.toString().getBytes(StandardCharsets.UTF_8);
	}

	private static Credential deserialize(byte[] plaintext, String vaultRef) {
		try {
			JsonNode node = JSON.readTree(plaintext);
			return switch (node.path("type").asText()) {
				case "bearer" -> new Credential.Bearer(node.path("token").asText());
				case "header" -> new Credential.Header(node.path("name").asText(), node.path("value").asText());
				case "basic" -> new Credential.Basic(node.path("username").asText(), node.path("password").asText());
				case "oauth" -> new Credential.OAuth(node.path("accessToken").asText(),
						node.hasNonNull("refreshToken") ? node.get("refreshToken").asText() : null,
						node.hasNonNull("expiresAt") ? Instant.parse(node.get("expiresAt").asText()) : null,
						node.hasNonNull("scope") ? node.get("scope").asText() : null,
						node.hasNonNull("issuer") ? node.get("issuer").asText() : null);
				default -> throw unreadable(vaultRef);
			};
		}
		catch (java.io.IOException | IllegalArgumentException | java.time.format.DateTimeParseException ex) {
			throw unreadable(vaultRef);
		}
	}

	private static OffsetDateTime now() {
		return OffsetDateTime.ofInstant(Instant.now(), ZoneOffset.UTC);
	}

	private record Entry(String orgId, String connectionId, byte[] ciphertext) {
	}

}
