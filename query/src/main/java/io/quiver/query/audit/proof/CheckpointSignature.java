package io.quiver.query.audit.proof;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

import io.quiver.query.audit.api.AuditCheckpoint;

/**
 * How a checkpoint is signed and checked (SPEC R10.11). The signed form is text, one
 * field a line, each line ending in LF:
 *
 * <pre>
 * quiver-audit-checkpoint/v1
 * org: {orgId}
 * size: {size}
 * root: {rootHash, hex}
 * timestamp: {uuuu-MM-ddTHH:mm:ss.SSSSSSZ}
 * </pre>
 *
 * signed with Ed25519 (RFC 8032) through the JDK's {@code Signature} API. The key id is
 * the first 16 bytes of the SHA-256 of the public key's X.509 encoding, hex.
 */
public final class CheckpointSignature {

	static final String ALGORITHM = "Ed25519";

	private CheckpointSignature() {
	}

	/** The bytes a checkpoint's signature covers. */
	public static byte[] message(String orgId, long size, String rootHash, String timestamp) {
		if (orgId.indexOf('\n') >= 0 || timestamp.indexOf('\n') >= 0) {
			throw new IllegalArgumentException("a checkpoint field holds a line break");
		}
		return ("quiver-audit-checkpoint/v1\norg: " + orgId + "\nsize: " + size + "\nroot: " + rootHash
				+ "\ntimestamp: " + timestamp + "\n")
			.getBytes(StandardCharsets.UTF_8);
	}

	public static String keyId(PublicKey key) {
		return HexFormat.of().formatHex(Arrays.copyOf(EntryEncoding.digest(key.getEncoded()), 16));
	}

	/** Reads a PEM public key ({@code -----BEGIN PUBLIC KEY-----}). */
	public static PublicKey readPublicKey(String pem) {
		String base64 = pem.replace("-----BEGIN PUBLIC KEY-----", "")
			.replace("-----END PUBLIC KEY-----", "")
			.replaceAll("\\s", "");
		try {
			return KeyFactory.getInstance(ALGORITHM)
				.generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
		}
		catch (GeneralSecurityException | IllegalArgumentException ex) {
			throw new IllegalArgumentException("not an Ed25519 public key in PEM form", ex);
		}
	}

	/** The PEM form of a public key. */
	public static String pem(PublicKey key) {
		return "-----BEGIN PUBLIC KEY-----\n"
				+ Base64.getMimeEncoder(64, new byte[] { '\n' }).encodeToString(key.getEncoded())
				+ "\n-----END PUBLIC KEY-----\n";
	}

	/**
	 * Whether the checkpoint was signed by this key: its key id names the key and its
	 * signature covers its fields.
	 */
	public static boolean verify(AuditCheckpoint checkpoint, PublicKey key) {
		if (!keyId(key).equals(checkpoint.keyId())) {
			return false;
		}
		try {
			Signature verifier = Signature.getInstance(ALGORITHM);
			verifier.initVerify(key);
			verifier
				.update(message(checkpoint.orgId(), checkpoint.size(), checkpoint.rootHash(), checkpoint.timestamp()));
			return verifier.verify(Base64.getDecoder().decode(checkpoint.signature()));
		}
		catch (GeneralSecurityException | IllegalArgumentException ex) {
			return false;
		}
	}

}
