package io.quiver.edge.signin;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The authorization server's settings ({@code quiver.oauth.server.*},
 * {@code quiver.oauth.cimd.*}).
 *
 * @param server the embedded authorization server
 * @param cimd fetching Client ID Metadata Documents
 */
@ConfigurationProperties("quiver.oauth")
public record SignInSettings(Server server, Cimd cimd) {

	/** The longest an access token may live (SPEC R14.5: short-lived). */
	static final Duration MAX_ACCESS_TOKEN_TTL = Duration.ofHours(1);

	public SignInSettings {
		server = (server != null) ? server : new Server("auto", null, null, null, null, null);
		cimd = (cimd != null) ? cimd : new Cimd(false, 0, null, null, null, null);
	}

	/**
	 * @param enabled {@code auto} (on unless an external issuer is configured),
	 * {@code true} or {@code false}
	 * @param accessTokenTtl lifetime of access tokens, at most one hour
	 * @param refreshTokenTtl lifetime of a refresh token (each rotation starts a new one)
	 * @param refreshGrace how long a rotated refresh token is still honoured when
	 * presented again (concurrent sessions of one client)
	 * @param keyRotation how long a signing key signs before a new one replaces it
	 * @param authorizationCodeTtl lifetime of an authorization code
	 */
	public record Server(String enabled, Duration accessTokenTtl, Duration refreshTokenTtl, Duration refreshGrace,
			Duration keyRotation, Duration authorizationCodeTtl) {

		public Server {
			enabled = (enabled != null && !enabled.isBlank()) ? enabled : "auto";
			accessTokenTtl = (accessTokenTtl != null) ? accessTokenTtl : MAX_ACCESS_TOKEN_TTL;
			if (accessTokenTtl.isNegative() || accessTokenTtl.isZero()
					|| accessTokenTtl.compareTo(MAX_ACCESS_TOKEN_TTL) > 0) {
				throw new IllegalArgumentException(
						"quiver.oauth.server.access-token-ttl must be more than 0 and at most PT1H");
			}
			refreshTokenTtl = (refreshTokenTtl != null) ? refreshTokenTtl : Duration.ofDays(30);
			refreshGrace = (refreshGrace != null) ? refreshGrace : Duration.ofSeconds(10);
			keyRotation = (keyRotation != null) ? keyRotation : Duration.ofDays(30);
			authorizationCodeTtl = (authorizationCodeTtl != null) ? authorizationCodeTtl : Duration.ofMinutes(5);
		}

	}

	/**
	 * @param allowPrivateHosts test-only: fetch documents from loopback and private
	 * addresses
	 * @param maxBytes largest document accepted
	 * @param timeout time allowed for the whole fetch
	 * @param maxCacheAge the longest a document is cached, whatever its headers say
	 * @param trustStore a PKCS12 trust store of the certificate authorities trusted for
	 * fetching documents, instead of the JVM's (a private CA; the tests' CA)
	 * @param trustStorePassword its password
	 */
	public record Cimd(boolean allowPrivateHosts, int maxBytes, Duration timeout, Duration maxCacheAge,
			String trustStore, String trustStorePassword) {

		public Cimd {
			maxBytes = (maxBytes > 0) ? maxBytes : 16_384;
			timeout = (timeout != null) ? timeout : Duration.ofSeconds(5);
			maxCacheAge = (maxCacheAge != null) ? maxCacheAge : Duration.ofHours(24);
			trustStore = (trustStore != null) ? trustStore : "";
			trustStorePassword = (trustStorePassword != null) ? trustStorePassword : "";
		}

		/** The TLS context documents are fetched with. */
		SSLContext tls() {
			try {
				if (this.trustStore.isBlank()) {
					return SSLContext.getDefault();
				}
				KeyStore store = KeyStore.getInstance("PKCS12");
				try (InputStream in = Files.newInputStream(Path.of(this.trustStore))) {
					store.load(in, this.trustStorePassword.toCharArray());
				}
				TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
				trust.init(store);
				SSLContext context = SSLContext.getInstance("TLS");
				context.init(null, trust.getTrustManagers(), null);
				return context;
			}
			catch (IOException | GeneralSecurityException ex) {
				throw new IllegalStateException("cannot load quiver.oauth.cimd.trust-store " + this.trustStore, ex);
			}
		}

	}

}
