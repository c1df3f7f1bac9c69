package io.quiver.edge.signin;

import java.time.Instant;
import java.util.Base64;

import org.springframework.security.crypto.keygen.Base64StringKeyGenerator;
import org.springframework.security.crypto.keygen.StringKeyGenerator;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenGenerator;

/**
 * Refresh tokens for public clients. SAS's {@code OAuth2RefreshTokenGenerator} issues
 * none to a client that authenticates with {@code none}; MCP clients are all public and
 * need them (rotated on every use, SPEC R14.5), so this generator issues one whenever the
 * client may use the refresh grant: 256 random bits, base64url.
 */
final class PublicRefreshTokens implements OAuth2TokenGenerator<OAuth2RefreshToken> {

	private final StringKeyGenerator values = new Base64StringKeyGenerator(Base64.getUrlEncoder().withoutPadding(), 32);

	@Override
	public OAuth2RefreshToken generate(OAuth2TokenContext context) {
		if (!OAuth2TokenType.REFRESH_TOKEN.equals(context.getTokenType()) || !context.getRegisteredClient()
			.getAuthorizationGrantTypes()
			.contains(AuthorizationGrantType.REFRESH_TOKEN)) {
			return null;
		}
		Instant issuedAt = Instant.now();
		Instant expiresAt = issuedAt.plus(context.getRegisteredClient().getTokenSettings().getRefreshTokenTimeToLive());
		return new OAuth2RefreshToken(this.values.generateKey(), issuedAt, expiresAt);
	}

}
