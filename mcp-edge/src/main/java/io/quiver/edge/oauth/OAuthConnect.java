package io.quiver.edge.oauth;

import java.net.InetAddress;
import java.net.URI;
import java.util.Locale;
import java.util.Map;

import com.nimbusds.oauth2.sdk.AuthorizationRequest;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import io.quiver.command.connection.vault.Credential;
import io.quiver.edge.config.QuiverProperties;
import org.springframework.stereotype.Component;

/**
 * The authorization code flow of a connection (SPEC R4.5): {@link #start} answers the URL
 * the member opens (state, PKCE S256, RFC 8707 {@code resource}); {@link #complete} takes
 * the provider's answer on Quiver's callback, consumes the state and exchanges the code.
 * Quiver's redirect URI is {@code {public-url}/oauth/connect/callback}, and it must be
 * https or http on a loopback host: a code must not travel in clear over a network.
 */
@Component
public class OAuthConnect {

	/** The callback path on Quiver's public URL. */
	public static final String CALLBACK_PATH = "/oauth/connect/callback";

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
		String base = this.properties.publicUrl().toString();
		URI redirect = URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + CALLBACK_PATH);
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
		String scheme = (redirect.getScheme() != null) ? redirect.getScheme().toLowerCase(Locale.ROOT) : "";
		if (redirect.getHost() == null || redirect.getRawFragment() != null) {
			return "Quiver's redirect URI " + redirect + " is not an absolute URL without a fragment";
		}
		if (scheme.equals("https")) {
			return null;
		}
		if (scheme.equals("http") && loopback(redirect.getHost())) {
			return null;
		}
		return "Quiver's redirect URI " + redirect + " is neither https nor http on a loopback host, so the "
				+ "provider's code would travel in clear; set quiver.public-url to the https URL members reach";
	}

	private static boolean loopback(String host) {
		String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
		if (bare.equalsIgnoreCase("localhost")) {
			return true;
		}
		if (!bare.matches("[0-9.]+") && !bare.contains(":")) {
			return false;
		}
		try {
			return InetAddress.getByName(bare).isLoopbackAddress();
		}
		catch (java.net.UnknownHostException ex) {
			return false;
		}
	}

	/**
	 * Starts a member's authorization of a connection.
	 * @return the URL the member opens in a browser
	 */
	public URI start(String orgId, String memberId, String connectionId, OAuthProvider provider) {
		URI redirect = redirectUri();
		String verifier = this.states.random();
		String state = this.states.issue(orgId, memberId, connectionId, provider.pkce() ? verifier : "-",
				redirect.toString(), provider);
		AuthorizationRequest.Builder request = new AuthorizationRequest.Builder(ResponseType.CODE,
				new ClientID(provider.clientId()))
			.endpointURI(provider.authorizationEndpoint())
			.redirectionURI(redirect)
			.state(new State(state));
		if (!provider.scopes().isEmpty()) {
			request.scope(new Scope(provider.scopes().toArray(String[]::new)));
		}
		if (provider.pkce()) {
			request.codeChallenge(new CodeVerifier(verifier), CodeChallengeMethod.S256);
		}
		if (provider.resource() != null) {
			request.resource(provider.resource());
		}
		return request.build().toURI();
	}

	/** A completed authorization: the connection it was for and its grant. */
	public record Completed(ConnectStates.Pending pending, Credential.OAuth grant) {

	}

	/**
	 * Completes an authorization from the callback's query parameters.
	 * @throws ConnectStates.StateRefused when the state is unknown, used or expired
	 * @throws OAuthFailure when the provider refused ({@code error=access_denied}), or
	 * the code exchange failed; the state is consumed either way
	 */
	public Completed complete(Map<String, String> parameters) {
		ConnectStates.Pending pending = this.states.consume(parameters.get("state"));
		String error = parameters.get("error");
		if (error != null) {
			String code = error.matches("[a-z_]{1,64}") ? error : "error";
			throw new OAuthFailure(OAuthFailure.Kind.PROVIDER_ERROR, code,
					pending.provider().name() + " answered " + code
							+ (code.equals("access_denied") ? ": the authorization was declined" : "")
							+ "; nothing was stored");
		}
		String code = parameters.get("code");
		if (code == null || code.isEmpty()) {
			throw new OAuthFailure(OAuthFailure.Kind.PROVIDER_ERROR, "invalid_request",
					pending.provider().name() + " answered neither a code nor an error; nothing was stored");
		}
		String verifier = pending.verifier().equals("-") ? null : pending.verifier();
		Credential.OAuth grant = this.tokens.exchange(pending.orgId(), pending.provider(), code,
				URI.create(pending.redirectUri()), verifier);
		return new Completed(pending, grant);
	}

}
