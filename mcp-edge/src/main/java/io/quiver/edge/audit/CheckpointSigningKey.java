package io.quiver.edge.audit;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.EdECPrivateKey;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;

import io.quiver.command.connection.vault.VaultKey;
import io.quiver.query.audit.api.CheckpointSigner;
import io.quiver.query.audit.proof.CheckpointSignature;
import org.springframework.stereotype.Component;

/**
 * The Ed25519 key that signs checkpoints (SPEC R10.11), derived from the vault key
 * ({@link VaultKey#checkpointSeed}): every node of a deployment has it without a further
 * secret to distribute, it survives restarts, and a database superuser who can rewrite
 * the trail cannot sign a checkpoint of the rewrite.
 * <p>
 * The JDK signs with an RFC 8032 private key given as its 32-byte seed, but derives the
 * public key only while generating a pair: the generator is handed a source of randomness
 * that yields the seed, and the pair is checked (the private key is the seed, and a
 * signature verifies) before it is used, so a JDK that generated keys another way would
 * stop Quiver at start-up rather than publish a wrong key.
 */
@Component
class CheckpointSigningKey implements CheckpointSigner {

	private final KeyPair pair;

	private final String keyId;

	private final String pem;

	CheckpointSigningKey(VaultKey vaultKey) throws GeneralSecurityException {
		byte[] seed = vaultKey.checkpointSeed();
		KeyPairGenerator generator = KeyPairGenerator.getInstance("Ed25519");
		generator.initialize(NamedParameterSpec.ED25519, new SeedRandom(seed));
		this.pair = generator.generateKeyPair();
		byte[] privateBytes = ((EdECPrivateKey) this.pair.getPrivate()).getBytes().orElse(new byte[0]);
		byte[] probe = "quiver checkpoint key check".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
		Signature verifier = Signature.getInstance("Ed25519");
		verifier.initVerify(this.pair.getPublic());
		verifier.update(probe);
		if (!Arrays.equals(privateBytes, seed) || !verifier.verify(sign(probe))) {
			throw new IllegalStateException("this JVM did not derive the checkpoint signing key from its seed");
		}
		this.keyId = CheckpointSignature.keyId(this.pair.getPublic());
		this.pem = CheckpointSignature.pem(this.pair.getPublic());
	}

	@Override
	public String keyId() {
		return this.keyId;
	}

	@Override
	public String publicKeyPem() {
		return this.pem;
	}

	@Override
	public byte[] sign(byte[] message) {
		try {
			Signature signature = Signature.getInstance("Ed25519");
			signature.initSign(this.pair.getPrivate());
			signature.update(message);
			return signature.sign();
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("cannot sign a checkpoint", ex);
		}
	}

	/** Yields the seed, once: what the key pair generator reads as its private key. */
	private static final class SeedRandom extends SecureRandom {

		private final byte[] seed;

		private boolean used;

		SeedRandom(byte[] seed) {
			this.seed = seed.clone();
		}

		@Override
		public void nextBytes(byte[] bytes) {
			if (this.used || bytes.length != this.seed.length) {
				throw new IllegalStateException("the key pair generator asked for other randomness than a seed");
			}
			System.arraycopy(this.seed, 0, bytes, 0, bytes.length);
			this.used = true;
		}

	}

}
