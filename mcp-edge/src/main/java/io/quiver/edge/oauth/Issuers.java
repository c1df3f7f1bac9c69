package io.quiver.edge.oauth;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quiver.command.connection.vault.Credential;

/**
 * The {@link OAuthProvider} a grant was obtained from, kept with its tokens in the vault
 * ({@link Credential.OAuth#issuer()}): a grant is refreshed and revoked where, and by the
 * client with which, it was obtained, whatever the catalog says later.
 */
public final class Issuers {

	private static final ObjectMapper JSON = new ObjectMapper();

	private Issuers() {
	}

	static String write(OAuthProvider provider) {
		try {
			return JSON.writeValueAsString(provider);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write the provider of a grant", ex);
		}
	}

	/** The provider of a grant. */
	public static OAuthProvider of(Credential.OAuth grant) {
		if (grant.issuer() == null) {
			throw new OAuthFailure(OAuthFailure.Kind.PROVIDER_ERROR, "no_issuer",
					"the grant does not say where it was obtained; reconnect the connection");
		}
		try {
			return JSON.readValue(grant.issuer(), OAuthProvider.class);
		}
		catch (JsonProcessingException ex) {
			throw new OAuthFailure(OAuthFailure.Kind.PROVIDER_ERROR, "no_issuer",
					"the grant's provider cannot be read; reconnect the connection");
		}
	}

}
