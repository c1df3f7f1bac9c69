package io.quiver.edge.oauth;

import java.net.URI;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.OAuthSettings;
import io.quiver.command.connection.api.ConnectionErrorCode;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.query.toolindex.api.OAuthClientView;
import io.quiver.query.toolindex.api.PolicySnapshot;

/**
 * The provider of an {@code http} connector that declares OAuth: its endpoints and
 * scopes, with the organisation's OAuth client for it.
 */
public final class OAuthProviders {

	private OAuthProviders() {
	}

	/**
	 * @throws CommandRejectedException when the organisation has no OAuth client for the
	 * connector
	 */
	public static OAuthProvider declared(PolicySnapshot policy, ConnectorDefinition connector) {
		OAuthSettings oauth = connector.oauth();
		OAuthClientView client = policy.oauthClient(connector.id());
		if (client == null) {
			throw new CommandRejectedException(ConnectionErrorCode.OAUTH_CLIENT_MISSING, connector.label()
					+ " connects by OAuth, and this organisation has no OAuth client for it yet: an admin registers "
					+ "Quiver as an app at " + connector.label() + " and sets its client with "
					+ "quiver__catalog__set_oauth_client {connector: \"" + connector.id()
					+ "\", clientId, clientSecret}; or pass a credential (a token) instead");
		}
		return new OAuthProvider(connector.label(), URI.create(oauth.authorizationEndpoint()),
				URI.create(oauth.tokenEndpoint()),
				(oauth.revocationEndpoint() != null) ? URI.create(oauth.revocationEndpoint()) : null, oauth.scopes(),
				oauth.pkce(), null, client.clientId(), client.clientSecretRef(), false,
				connector.allowPrivateNetwork());
	}

}
