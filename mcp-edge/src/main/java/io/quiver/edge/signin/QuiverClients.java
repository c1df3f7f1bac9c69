package io.quiver.edge.signin;

import java.time.Instant;
import java.util.List;

import io.quiver.edge.support.Queries;
import io.quiver.query.client.api.FindRegisteredClientQuery;
import io.quiver.query.client.api.RegisteredClientView;
import io.quiver.query.access.Scope;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.settings.OAuth2TokenFormat;
import org.springframework.security.oauth2.server.authorization.settings.TokenSettings;

/**
 * Spring Authorization Server's client repository over Quiver's clients (SPEC R14.2): a
 * {@code client_id} that is an https URL is a Client ID Metadata Document, fetched (and
 * cached) by {@link ClientMetadataDocuments}; any other is a dynamically registered
 * client, read from the projection of its registration event. Every client is public
 * ({@code none}), uses the authorization code with PKCE and refresh tokens, may ask for
 * the MCP scopes, and is shown the consent page every time.
 */
class QuiverClients implements RegisteredClientRepository {

	private final Queries queries;

	private final ClientMetadataDocuments documents;

	private final TokenSettings tokens;

	QuiverClients(Queries queries, ClientMetadataDocuments documents, SignInSettings.Server server) {
		this.queries = queries;
		this.documents = documents;
		this.tokens = TokenSettings.builder()
			.accessTokenTimeToLive(server.accessTokenTtl())
			.accessTokenFormat(OAuth2TokenFormat.SELF_CONTAINED)
			.refreshTokenTimeToLive(server.refreshTokenTtl())
			.reuseRefreshTokens(false)
			.authorizationCodeTimeToLive(server.authorizationCodeTtl())
			.build();
	}

	@Override
	public void save(RegisteredClient registeredClient) {
		throw new UnsupportedOperationException(
				"clients register through /register or by their metadata document, as events");
	}

	@Override
	public RegisteredClient findById(String id) {
		return findByClientId(id);
	}

	@Override
	public RegisteredClient findByClientId(String clientId) {
		if (clientId == null || clientId.isEmpty() || clientId.length() > 2000) {
			return null;
		}
		if (ClientMetadataDocuments.isDocumentUrl(clientId)) {
			ClientMetadataDocuments.Document document = this.documents.find(clientId);
			return (document != null) ? client(clientId, document.clientName(), document.redirectUris(), null) : null;
		}
		RegisteredClientView view = this.queries.one(new FindRegisteredClientQuery(clientId),
				RegisteredClientView.class);
		return (view != null)
				? client(view.clientId(), view.clientName(), view.redirectUris(), Instant.parse(view.registeredAt()))
				: null;
	}

	private RegisteredClient client(String clientId, String name, List<String> redirectUris, Instant issuedAt) {
		return RegisteredClient.withId(clientId)
			.clientId(clientId)
			.clientIdIssuedAt(issuedAt)
			.clientName((name != null && !name.isBlank()) ? name : clientId)
			.clientAuthenticationMethod(ClientAuthenticationMethod.NONE)
			.authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
			.authorizationGrantType(AuthorizationGrantType.REFRESH_TOKEN)
			.redirectUris((uris) -> uris.addAll(redirectUris))
			.scopes((scopes) -> scopes.addAll(List.of(Scope.allWireNames().split(" "))))
			.clientSettings(ClientSettings.builder().requireProofKey(true).requireAuthorizationConsent(true).build())
			.tokenSettings(this.tokens)
			.build();
	}

}
