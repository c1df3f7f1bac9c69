package io.quiver.edge.oauth;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationGrant;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.RefreshTokenGrant;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.TokenRevocationRequest;
import com.nimbusds.oauth2.sdk.auth.ClientAuthentication;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.ClientSecretPost;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.oauth2.sdk.token.RefreshToken;
import com.nimbusds.oauth2.sdk.token.Tokens;
import io.quiver.command.connection.vault.Credential;
import io.quiver.command.connection.vault.CredentialUnavailableException;
import io.quiver.command.connection.vault.CredentialVault;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * A provider's token and revocation endpoints (RFC 6749 §4.1.3, §6; RFC 7009; RFC 7636;
 * RFC 8707), with Nimbus's requests and responses. Failures are {@link OAuthFailure}s
 * that name the provider's error code, never a token.
 */
@Component
public class TokenEndpoint {

	private final ProviderHttp http;

	private final CredentialVault vault;

	private final Clock clock;

	@Autowired
	public TokenEndpoint(ProviderHttp http, CredentialVault vault) {
		this(http, vault, Clock.systemUTC());
	}

	TokenEndpoint(ProviderHttp http, CredentialVault vault, Clock clock) {
		this.http = http;
		this.vault = vault;
		this.clock = clock;
	}

	/**
	 * Exchanges an authorization code (with its PKCE verifier) for the grant's tokens.
	 */
	public Credential.OAuth exchange(String orgId, OAuthProvider provider, String code, URI redirectUri,
			String verifier) {
		AuthorizationGrant grant = new AuthorizationCodeGrant(new AuthorizationCode(code), redirectUri,
				(verifier != null) ? new CodeVerifier(verifier) : null);
		return tokens(orgId, provider, grant, null);
	}

	/**
	 * Refreshes a grant: the new access token, and the new refresh token when the
	 * provider rotates it (else the one it had).
	 */
	public Credential.OAuth refresh(String orgId, OAuthProvider provider, Credential.OAuth current) {
		if (current.refreshToken() == null) {
			throw new OAuthFailure(OAuthFailure.Kind.PROVIDER_ERROR, "no_refresh_token",
					provider.name() + " issued no refresh token, so the access token cannot be renewed");
		}
		return tokens(orgId, provider, new RefreshTokenGrant(new RefreshToken(current.refreshToken())), current);
	}

	/**
	 * Revokes a grant at the provider (RFC 7009): its refresh token, which ends the
	 * grant, else its access token.
	 */
	public void revoke(String orgId, OAuthProvider provider, Credential.OAuth grant) {
		if (provider.revocationEndpoint() == null) {
			return;
		}
		com.nimbusds.oauth2.sdk.token.Token token = (grant.refreshToken() != null)
				? new RefreshToken(grant.refreshToken())
				: new com.nimbusds.oauth2.sdk.token.BearerAccessToken(grant.accessToken());
		ClientAuthentication authentication = authentication(orgId, provider);
		TokenRevocationRequest request = (authentication != null)
				? new TokenRevocationRequest(provider.revocationEndpoint(), authentication, token)
				: new TokenRevocationRequest(provider.revocationEndpoint(), new ClientID(provider.clientId()), token);
		HTTPResponse response = this.http.send(request.toHTTPRequest(), provider.allowPrivate(),
				"the revocation endpoint of " + provider.name());
		if (response.getStatusCode() != 200) {
			throw new OAuthFailure(OAuthFailure.Kind.PROVIDER_ERROR, "revocation_failed",
					"the revocation endpoint of " + provider.name() + " answered HTTP " + response.getStatusCode());
		}
	}

	private Credential.OAuth tokens(String orgId, OAuthProvider provider, AuthorizationGrant grant,
			Credential.OAuth current) {
		Scope scope = (current == null && !provider.scopes().isEmpty())
				? new Scope(provider.scopes().toArray(String[]::new)) : null;
		List<URI> resources = (provider.resource() != null) ? List.of(provider.resource()) : null;
		ClientAuthentication authentication = authentication(orgId, provider);
		TokenRequest request = (authentication != null)
				? new TokenRequest(provider.tokenEndpoint(), authentication, grant, scope, resources, Map.of())
				: new TokenRequest(provider.tokenEndpoint(), new ClientID(provider.clientId()), grant, scope, resources,
						null, Map.of());
		HTTPRequest http = request.toHTTPRequest();
		String what = "the token endpoint of " + provider.name();
		HTTPResponse response = this.http.send(http, provider.allowPrivate(), what);
		TokenResponse parsed;
		try {
			parsed = TokenResponse.parse(response);
		}
		catch (ParseException ex) {
			throw new OAuthFailure(OAuthFailure.Kind.UNREACHABLE, null,
					what + " answered HTTP " + response.getStatusCode() + " without a token response");
		}
		if (!parsed.indicatesSuccess()) {
			ErrorObject error = ((TokenErrorResponse) parsed).getErrorObject();
			String code = (error != null && error.getCode() != null) ? error.getCode() : "error";
			throw new OAuthFailure(OAuthFailure.Kind.PROVIDER_ERROR, code,
					what + " refused the request: " + code + " (HTTP " + response.getStatusCode() + ")");
		}
		Tokens tokens = parsed.toSuccessResponse().getTokens();
		long lifetime = tokens.getAccessToken().getLifetime();
		Instant expiresAt = (lifetime > 0) ? this.clock.instant().plusSeconds(lifetime) : null;
		String refreshToken = (tokens.getRefreshToken() != null) ? tokens.getRefreshToken().getValue() : null;
		Scope granted = tokens.getAccessToken().getScope();
		String scopeText = (granted != null) ? granted.toString() : null;
		try {
			if (current != null) {
				return current.renewed(tokens.getAccessToken().getValue(), refreshToken, expiresAt, scopeText);
			}
			return new Credential.OAuth(tokens.getAccessToken().getValue(), refreshToken, expiresAt, scopeText,
					Issuers.write(provider));
		}
		catch (IllegalArgumentException ex) {
			// the message names the rule (a line break, the length), never the value
			throw new OAuthFailure(OAuthFailure.Kind.PROVIDER_ERROR, "invalid_token_response",
					what + " answered a token Quiver cannot store: " + ex.getMessage());
		}
	}

	/**
	 * Refuses a provider whose token endpoint the outbound guard refuses, before a member
	 * is sent to consent there.
	 */
	void requireReachable(OAuthProvider provider) {
		this.http.requireAllowed(provider.tokenEndpoint(), provider.allowPrivate(),
				"the token endpoint of " + provider.name());
	}

	private ClientAuthentication authentication(String orgId, OAuthProvider provider) {
		if (provider.clientSecretRef() == null) {
			return null;
		}
		Secret secret;
		try {
			secret = new Secret(this.vault.readSecret(orgId, provider.clientSecretRef()));
		}
		catch (CredentialUnavailableException ex) {
			// the organisation set its client again (the old secret is erased): this
			// grant
			// cannot authenticate any more; it is the provider's refusal in effect, so
			// the
			// member reconnects with the current client, and a revocation is skipped
			throw new OAuthFailure(OAuthFailure.Kind.PROVIDER_ERROR, "client_secret_replaced",
					"the organisation's OAuth client of " + provider.name()
							+ " was set again since this grant was made; reconnect with the current client");
		}
		ClientID client = new ClientID(provider.clientId());
		return provider.clientSecretPost() ? new ClientSecretPost(client, secret)
				: new ClientSecretBasic(client, secret);
	}

}
