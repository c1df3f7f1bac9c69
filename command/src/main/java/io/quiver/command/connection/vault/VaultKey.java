package io.quiver.command.connection.vault;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Set;

import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vault's master key and the keys derived from it (HKDF-SHA256, RFC 5869): one
 * encrypts entries (AES-256-GCM), one keys the grant fingerprints (HMAC-SHA256), so a
 * fingerprint never exposes material of the encryption key, one is the seed of the
 * Ed25519 key that signs the audit trail's checkpoints (SPEC R10.11), and one seals the
 * resource links Quiver hands out (AES-256-GCM, SPEC R12.8), so every node of a
 * deployment signs and opens with the same keys and no further secret has to be
 * distributed.
 * <p>
 * Where the master key comes from ({@link #resolve}): {@code quiver.vault.key} (env
 * {@code QUIVER_VAULT_KEY}), base64 of 32 bytes. Without it, on the embedded H2 database
 * only, a key is generated once and kept in {@code <quiver.data-dir>/vault.key} (mode
 * 600), so a first run needs no set-up and secrets survive restarts; with any other
 * database Quiver refuses to start, because a generated key on one node's disk would make
 * the shared vault unreadable elsewhere and be lost with the node.
 */
public final class VaultKey {

	static final String PROPERTY = "quiver.vault.key";

	static final String KEY_FILE = "vault.key";

	private static final Logger log = LoggerFactory.getLogger(VaultKey.class);

	private static final int KEY_BYTES = 32;

	private final SecretKey encryptionKey;

	private final SecretKey fingerprintKey;

	private final byte[] checkpointSeed;

	private final SecretKey resourceLinkKey;

	private VaultKey(byte[] master) {
		if (master.length != KEY_BYTES) {
			throw new IllegalArgumentException("the vault key must be 32 bytes (base64 of 32 random bytes)");
		}
		this.encryptionKey = new SecretKeySpec(hkdf(master, "quiver vault encryption v1"), "AES");
		this.fingerprintKey = new SecretKeySpec(hkdf(master, "quiver vault fingerprint v1"), "HmacSHA256");
		this.checkpointSeed = hkdf(master, "quiver audit checkpoint signing v1");
		this.resourceLinkKey = new SecretKeySpec(hkdf(master, "quiver mcp resource link v1"), "AES");
	}

	/** The AES-256 key that seals the resource links handed to MCP callers. */
	public SecretKey resourceLinkKey() {
		return this.resourceLinkKey;
	}

	/** The 32-byte seed of the checkpoint signing key (RFC 8032 private key). */
	public byte[] checkpointSeed() {
		return this.checkpointSeed.clone();
	}

	/** A key from 32 raw bytes (tests, or a key already decoded). */
	public static VaultKey of(byte[] master) {
		return new VaultKey(master.clone());
	}

	/** A key from its base64 form. */
	public static VaultKey ofBase64(String base64) {
		byte[] master;
		try {
			master = Base64.getDecoder().decode(base64.trim());
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException(invalidKeyMessage());
		}
		if (master.length != KEY_BYTES) {
			throw new IllegalStateException(invalidKeyMessage());
		}
		return new VaultKey(master);
	}

	/**
	 * The configured key; else, on the embedded database, the key kept in the data
	 * directory (generated on first use); else a refusal saying how to set one.
	 * @param configured the value of {@code quiver.vault.key}, may be null or blank
	 * @param embeddedDatabase whether the datasource is the embedded H2 default
	 * @param dataDir where the generated key is kept
	 */
	public static VaultKey resolve(String configured, boolean embeddedDatabase, Path dataDir) {
		if (configured != null && !configured.isBlank()) {
			return ofBase64(configured);
		}
		if (!embeddedDatabase) {
			throw new IllegalStateException("No credential vault key is configured. Set the environment variable "
					+ "QUIVER_VAULT_KEY (or the property " + PROPERTY + ") to 32 random bytes in base64, for example "
					+ "the output of `openssl rand -base64 32`, and keep it safe: without it the stored credentials "
					+ "cannot be read. Quiver generates a key by itself only on the embedded H2 database.");
		}
		return ofBase64(readOrCreateKeyFile(dataDir.resolve(KEY_FILE)));
	}

	SecretKey encryptionKey() {
		return this.encryptionKey;
	}

	SecretKey fingerprintKey() {
		return this.fingerprintKey;
	}

	@Override
	public String toString() {
		return "VaultKey[****]";
	}

	private static String readOrCreateKeyFile(Path file) {
		try {
			if (Files.exists(file)) {
				warnIfReadableByOthers(file);
				return Files.readString(file, StandardCharsets.US_ASCII);
			}
			Files.createDirectories(file.toAbsolutePath().getParent());
			byte[] master = new byte[KEY_BYTES];
			new SecureRandom().nextBytes(master);
			String encoded = Base64.getEncoder().encodeToString(master) + "\n";
			Arrays.fill(master, (byte) 0);
			Path temp = createOwnerOnlyFile(file.resolveSibling(KEY_FILE + ".tmp"));
			Files.writeString(temp, encoded, StandardCharsets.US_ASCII);
			try {
				Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
			}
			catch (AtomicMoveNotSupportedException ex) {
				Files.move(temp, file);
			}
			log.info("Generated the credential vault key in {} (embedded database only; set QUIVER_VAULT_KEY for "
					+ "any other database)", file.toAbsolutePath());
			return encoded;
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot read or create the vault key file " + file.toAbsolutePath()
					+ "; set QUIVER_VAULT_KEY or make quiver.data-dir writable", ex);
		}
	}

	private static Path createOwnerOnlyFile(Path path) throws IOException {
		Files.deleteIfExists(path);
		if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
			return Files.createFile(path,
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
		}
		Path created = Files.createFile(path);
		created.toFile().setReadable(false, false);
		created.toFile().setReadable(true, true);
		created.toFile().setWritable(false, false);
		created.toFile().setWritable(true, true);
		return created;
	}

	private static void warnIfReadableByOthers(Path file) throws IOException {
		if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
			Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
			if (permissions.contains(PosixFilePermission.GROUP_READ)
					|| permissions.contains(PosixFilePermission.OTHERS_READ)) {
				log.warn("The vault key file {} is readable by other users; restrict it with chmod 600",
						file.toAbsolutePath());
			}
		}
	}

	private static String invalidKeyMessage() {
		return "The credential vault key (QUIVER_VAULT_KEY / " + PROPERTY + ") must be 32 random bytes in base64, "
				+ "for example the output of `openssl rand -base64 32`";
	}

	/** HKDF-SHA256 with an all-zero salt, one 32-byte block of output. */
	private static byte[] hkdf(byte[] master, String info) {
		try {
			Mac extract = Mac.getInstance("HmacSHA256");
			extract.init(new SecretKeySpec(new byte[32], "HmacSHA256"));
			byte[] prk = extract.doFinal(master);
			Mac expand = Mac.getInstance("HmacSHA256");
			expand.init(new SecretKeySpec(prk, "HmacSHA256"));
			expand.update(info.getBytes(StandardCharsets.US_ASCII));
			expand.update((byte) 1);
			byte[] okm = expand.doFinal();
			Arrays.fill(prk, (byte) 0);
			return okm;
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is not available in this JVM", ex);
		}
	}

}
