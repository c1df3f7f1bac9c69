package io.quiver.edge.oauth;

import java.time.Clock;
import java.time.Duration;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quiver.command.connection.api.GrantReference;
import io.quiver.command.connection.api.MarkReauthorizationNeededCommand;
import io.quiver.command.connection.vault.Credential;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.command.shared.api.Actor;
import io.quiver.edge.support.Commands;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Keeps a connection's OAuth grant usable (SPEC R4.5): an access token that expires
 * within {@code quiver.oauth.connect.refresh-margin} (default 60 s) is refreshed before
 * the call, under the vault entry's row lock ({@link CredentialVault#replace}), so calls
 * racing on any number of nodes refresh it once and all use the result; a rotated refresh
 * token replaces the old one. A refresh the provider refuses marks the connection
 * {@code reauthorization-needed} (an event) and the call answers in band.
 */
@Component
public class OAuthGrants {

	private static final Logger log = LoggerFactory.getLogger(OAuthGrants.class);

	private final CredentialVault vault;

	private final TokenEndpoint tokens;

	private final Commands commands;

	private final Duration margin;

	private final Clock clock = Clock.systemUTC();

	private final Counter refreshes;

	public OAuthGrants(CredentialVault vault, TokenEndpoint tokens, Commands commands, MeterRegistry meters,
			@Value("${quiver.oauth.connect.refresh-margin:PT60S}") Duration margin) {
		this.vault = vault;
		this.tokens = tokens;
		this.commands = commands;
		this.margin = margin;
		this.refreshes = Counter.builder("quiver.oauth.refreshes")
			.description("OAuth grants of connections refreshed at their provider")
			.register(meters);
	}

	/** Why a grant cannot be used for a call; the message names the connection. */
	public static class GrantUnusable extends RuntimeException {

		private final boolean reauthorize;

		GrantUnusable(String message, boolean reauthorize) {
			super(message);
			this.reauthorize = reauthorize;
		}

		/** Whether the member must reconnect (else: try again later). */
		public boolean reauthorize() {
			return this.reauthorize;
		}

	}

	/**
	 * The credential to call with: {@code current} itself unless it is an OAuth grant
	 * that is about to expire, which is refreshed first (once across nodes).
	 * @throws GrantUnusable when the refresh failed
	 */
	public Credential fresh(String orgId, String connectionId, String label, GrantReference grant, Credential current) {
		if (!(current instanceof Credential.OAuth oauth) || !oauth.expiresWithin(this.margin, this.clock.instant())) {
			return current;
		}
		try {
			return this.vault.replace(orgId, grant.vaultRef(), (stored) -> {
				Credential.OAuth now = (Credential.OAuth) stored;
				if (!now.expiresWithin(this.margin, this.clock.instant())) {
					return now;
				}
				Credential.OAuth renewed = this.tokens.refresh(orgId, Issuers.of(now), now);
				this.refreshes.increment();
				log.info("refreshed the OAuth grant {} of connection {}", grant.fingerprint(), connectionId);
				return renewed;
			});
		}
		catch (OAuthFailure ex) {
			if (ex.kind() == OAuthFailure.Kind.PROVIDER_ERROR) {
				this.commands.sendAs(Actor.SYSTEM,
						new MarkReauthorizationNeededCommand(connectionId, orgId, grant.fingerprint(), ex.errorCode()));
				throw new GrantUnusable("the OAuth authorization of connection '" + label + "' could not be refreshed ("
						+ ex.getMessage() + "); its owner must reconnect it: "
						+ "quiver__connections__refresh {\"connection\": \"" + label
						+ "\"} answers an authorizationUrl to open (or Reconnect on the console's Connections page)",
						true);
			}
			if (!oauth.expiresWithin(Duration.ZERO, this.clock.instant())) {
				return oauth;
			}
			throw new GrantUnusable("the OAuth access token of connection '" + label
					+ "' expired and could not be refreshed: " + ex.getMessage(), false);
		}
	}

	/**
	 * Revokes a grant at its provider where the provider offers revocation (RFC 7009).
	 * Best effort: a failure is logged (without the token) and reported, the local
	 * revocation goes ahead.
	 * @return whether the provider confirmed the revocation
	 */
	public boolean revokeAtProvider(String orgId, String connectionId, Credential credential) {
		if (!(credential instanceof Credential.OAuth oauth)) {
			return false;
		}
		try {
			OAuthProvider provider = Issuers.of(oauth);
			if (provider.revocationEndpoint() == null) {
				return false;
			}
			this.tokens.revoke(orgId, provider, oauth);
			return true;
		}
		catch (OAuthFailure ex) {
			log.warn("could not revoke the OAuth grant of connection {} at its provider: {}", connectionId,
					ex.getMessage());
			return false;
		}
	}

}
