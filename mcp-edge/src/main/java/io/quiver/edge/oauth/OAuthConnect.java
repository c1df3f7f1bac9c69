package io.quiver.edge.oauth;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

import com.nimbusds.oauth2.sdk.AuthorizationRequest;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import io.quiver.command.client.api.RedirectUris;
import io.quiver.command.connection.vault.Credential;
import io.quiver.edge.config.QuiverProperties;
import org.springframework.stereotype.Component;

/**
 * The authorization code flow of a connection (SPEC R4.5): {@link #start} issues a state
 * and answers Quiver's start link the member opens; {@link #open} binds the state to the
 * browser that opened it and answers the provider's authorization URL (state, PKCE S256,
 * RFC 8707 {@code resource}); {@link #accept} takes the provider's answer on Quiver's
 * callback in that browser and consumes the state, {@link #exchange} exchanges the code.
 * Quiver's redirect URI is {@code {public-url}/oauth/connect/callback}, and it must be
 * https or http on a loopback host: a code must not travel in clear over a network.
 */
@Component
public class OAuthConnect {

	/** The callback path on Quiver's public URL. */
	public static final String CALLBACK_PATH = "/oauth/connect/callback";

	/**
	 * The start path on Quiver's public URL: the link a member opens, which binds the
	 * authorization to that browser and sends it on to the provider.
	 */
	public static final String START_PATH = "/oauth/connect/start";

	private final ConnectStates states;

	private final TokenEndpoint tokens;

	private final QuiverProperties properties;

	public OAuthConnect(ConnectStates states, TokenEndpoint tokens, QuiverProperties properties) {
		this.states = states;
		this.tokens = tokens;
		this.properties = properties;
	}

	/** Quiver's redirect URI. */
	public URI redirectUri() {
		URI redirect = URI.create(this.properties.base() + CALLBACK_PATH);
		String problem = redirectProblem(redirect);
		if (problem != null) {
			throw new OAuthFailure(OAuthFailure.Kind.REFUSED, "invalid_redirect_uri", problem);
		}
		return redirect;
	}

	/**
	 * Why a redirect URI cannot receive codes, or null: it must be https, or http on a
	 * loopback host (RFC 8252 §7.3; OAuth 2.1 §2.3.1).
	 */
	public static String redirectProblem(URI redirect) {
		if (redirect.getHost() == null || redirect.getRawFragment() != null) {
			return "Quiver's redirect URI " + redirect + " is not an absolute URL without a fragment";
		}
		if (secureOrLoopback(redirect)) {
			return null;
		}
		return "Quiver's redirect URI " + redirect + " is neither https nor http on a loopback host, so the "
				+ "provider's code would travel in clear; set quiver.public-url to the https URL members reach";
	}

	/**
	 * Whether an absolute URL is https, or http on a loopback host (the rule clients'
	 * redirect URIs follow, {@link RedirectUris}).
	 */
	static boolean secureOrLoopback(URI url) {
		String scheme = (url.getScheme() != null) ? url.getScheme().toLowerCase(Locale.ROOT) : "";
		return url.getHost() != null
				&& (scheme.equals("https") || (scheme.equals("http") && RedirectUris.isLoopbackHost(url.getHost())));
	}

	/**
	 * Starts a member's authorization of a connection: voids its earlier links.
	 * @return Quiver's start link, the URL the member opens in a browser
	 */
	public URI start(String orgId, String memberId, String connectionId, OAuthProvider provider) {
		URI redirect = redirectUri();
		this.tokens.requireReachable(provider);
		String verifier = this.states.random();
		String state = this.states.issue(orgId, memberId, connectionId, provider.pkce() ? verifier : "-",
				redirect.toString(), provider);
		String base = redirect.toString();
		return URI.create(base.substring(0, base.length() - CALLBACK_PATH.length()) + START_PATH + "?state=" + state);
	}

	/** A browser opening a start link: the cookie it gets and where it goes next. */
	public record Opened(String cookieName, String nonce, URI authorizationUrl, Duration ttl) {

		@Override
		public String toString() {
			return "Opened[" + this.cookieName + "]";
		}

	}

	/**
	 * Opens a start link: binds its state to this browser (once) by a fresh nonce.
	 * @throws ConnectStates.StateRefused when the state is unknown, used, expired or
	 * opened already
	 */
	public Opened open(String state) {
		String nonce = this.states.random();
		ConnectStates.Pending pending = this.states.open(state, nonce);
		OAuthProvider provider = pending.provider();
		AuthorizationRequest.Builder request = new AuthorizationRequest.Builder(ResponseType.CODE,
				new ClientID(provider.clientId()))
			.endpointURI(provider.authorizationEndpoint())
			.redirectionURI(URI.create(pending.redirectUri()))
			.state(new State(state));
		if (!provider.scopes().isEmpty()) {
			request.scope(new Scope(provider.scopes().toArray(String[]::new)));
		}
		if (provider.pkce()) {
			request.codeChallenge(new CodeVerifier(pending.verifier()), CodeChallengeMethod.S256);
		}
		if (provider.resource() != null) {
			request.resource(provider.resource());
		}
		return new Opened(cookieName(state), nonce, request.build().toURI(), this.states.ttl());
	}

	/**
	 * The cookie that binds a state to its browser: named after the state's hash, so
	 * authorizations in flight in one browser do not overwrite each other.
	 */
	public static String cookieName(String state) {
		String hash = ConnectStates.hash((state != null) ? state : "");
		return "quiver_connect_" + hash.substring(0, 16);
	}

	/** A completed authorization: the connection it was for and its grant. */
	public record Completed(ConnectStates.Pending pending, Credential.OAuth grant) {

	}

	/**
	 * Accepts the callback's query parameters in the browser that opened the start link,
	 * consuming the state.
	 * @param nonce the value of the browser's {@link #cookieName} cookie, or null
	 * @throws ConnectStates.StateRefused when the state is unknown, used or expired, or
	 * the cookie is missing or does not match
	 */
	public ConnectStates.Pending accept(Map<String, String> parameters, String nonce) {
		return this.states.consume(parameters.get("state"), nonce);
	}

	/**
	 * Completes an accepted authorization: the provider's error, or its code exchanged.
	 * @throws OAuthFailure when the provider refused ({@code error=access_denied}), or
	 * the code exchange failed
	 */
	public Completed exchange(ConnectStates.Pending pending, Map<String, String> parameters) {
		String error = parameters.get("error");
		if (error != null) {
			String code = error.matches("[a-z_]{1,64}") ? error : "error";
			throw new OAuthFailure(OAuthFailure.Kind.PROVIDER_ERROR, code, pending.provider().name() + " answered "
					+ code + (code.equals("access_denied") ? ": the authorization was declined" : ""));
		}
		String code = parameters.get("code");
		if (code == null || code.isEmpty()) {
			throw new OAuthFailure(OAuthFailure.Kind.PROVIDER_ERROR, "invalid_request",
					pending.provider().name() + " answered neither a code nor an error");
		}
		String verifier = pending.verifier().equals("-") ? null : pending.verifier();
		Credential.OAuth grant = this.tokens.exchange(pending.orgId(), pending.provider(), code,
				URI.create(pending.redirectUri()), verifier);
		return new Completed(pending, grant);
	}

}
