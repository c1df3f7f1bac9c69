package io.quiver.edge.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.text.ParseException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import jakarta.servlet.http.HttpServletRequest;
import io.quiver.edge.config.Deployment;
import io.quiver.edge.config.QuiverProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The local token issuer of the embedded default, so that a newcomer can try Quiver
 * without an identity provider: an RS256 key kept under the data directory (it survives
 * restarts, so issued tokens do too), a JWKS, and signed tokens naming this server as
 * audience. Off unless the embedded default is in use or
 * {@code quiver.dev-issuer.enabled=true}. It answers loopback callers only (the socket's
 * address, never a forwarded header), unless the development setting
 * {@code quiver.dev-issuer.allow-remote=true} lets it answer any caller.
 */
@Component
public class DevIssuer {

	private static final Logger log = LoggerFactory.getLogger(DevIssuer.class);

	private final boolean enabled;

	private final boolean allowRemote;

	private final QuiverProperties properties;

	private RSAKey key;

	public DevIssuer(QuiverProperties properties, Deployment deployment) {
		this.properties = properties;
		String setting = properties.devIssuer().enabled().toLowerCase(Locale.ROOT);
		this.enabled = setting.equals("true") || (setting.equals("auto") && deployment.embedded());
		this.allowRemote = this.enabled && properties.devIssuer().allowRemote();
		if (this.allowRemote) {
			log.warn("*** DEVELOPMENT SETTING ACTIVE: /dev/token and the development sign-in answer callers at any "
					+ "address, with no password (quiver.dev-issuer.allow-remote). Never use this in production. ***");
		}
	}

	public boolean enabled() {
		return this.enabled;
	}

	/**
	 * Whether {@code /dev/token} and the development sign-in answer this request: while
	 * the issuer is on, a request whose connection comes from loopback (the socket's
	 * address, {@link SocketAddress}, which no forwarded header changes), and any caller
	 * with {@code quiver.dev-issuer.allow-remote}.
	 */
	public boolean answers(HttpServletRequest request) {
		return this.enabled && (this.allowRemote || SocketAddress.isLoopback(request));
	}

	/** The issuer claim of the tokens it signs: the public URL. */
	public String issuer() {
		return this.properties.base();
	}

	public synchronized RSAKey key() {
		if (!this.enabled) {
			throw new IllegalStateException("the local token issuer is off");
		}
		if (this.key == null) {
			this.key = loadOrCreate(this.properties.dataDir().resolve("dev-issuer-key.json"));
		}
		return this.key;
	}

	public JWKSet publicKeys() {
		return new JWKSet(key().toPublicJWK());
	}

	/** Signs a token for a subject of an organisation with the given scopes. */
	public IssuedToken issue(String subject, String org, String scope) {
		Instant now = Instant.now();
		Instant expires = now.plus(this.properties.devIssuer().tokenTtl());
		JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().issuer(issuer())
			.subject(subject)
			.audience(List.of(this.properties.resource(), this.properties.base()))
			.issueTime(java.util.Date.from(now))
			.notBeforeTime(java.util.Date.from(now))
			.expirationTime(java.util.Date.from(expires))
			.jwtID(UUID.randomUUID().toString())
			.claim("scope", scope);
		if (org != null) {
			claims.claim(this.properties.oauth().orgClaim(), org);
		}
		try {
			SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key().getKeyID()).build(),
					claims.build());
			jwt.sign(new RSASSASigner(key()));
			return new IssuedToken(jwt.serialize(), expires.getEpochSecond() - now.getEpochSecond());
		}
		catch (JOSEException ex) {
			throw new IllegalStateException("cannot sign a token", ex);
		}
	}

	private static RSAKey loadOrCreate(Path file) {
		try {
			if (Files.exists(file)) {
				return RSAKey.parse(Files.readString(file, StandardCharsets.UTF_8));
			}
			RSAKey created = new RSAKeyGenerator(2048).keyUse(KeyUse.SIGNATURE)
				.keyID(UUID.randomUUID().toString())
				.algorithm(JWSAlgorithm.RS256)
				.generate();
			Files.createDirectories(file.getParent());
			Path temporary = Files.createTempFile(file.getParent(), "dev-issuer", ".tmp");
			try {
				Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
			}
			catch (UnsupportedOperationException ex) {
				// not a POSIX file system: the data directory's own permissions apply
			}
			Files.writeString(temporary, created.toJSONString(), StandardCharsets.UTF_8);
			Files.move(temporary, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
			log.info("Generated the local token issuer's key at {}", file.toAbsolutePath());
			return created;
		}
		catch (IOException | ParseException | JOSEException ex) {
			throw new IllegalStateException("cannot load or create the local token issuer's key at " + file, ex);
		}
	}

	/**
	 * A signed token and its lifetime.
	 */
	public record IssuedToken(String accessToken, long expiresIn) {
	}

}
