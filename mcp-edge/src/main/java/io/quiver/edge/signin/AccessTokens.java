package io.quiver.edge.signin;

import java.util.List;

import io.quiver.edge.console.ConsolePrincipal;
import io.quiver.command.member.api.MemberStatus;
import io.quiver.query.toolindex.api.ConsentView;
import io.quiver.query.toolindex.api.MemberView;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationGrantAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;

/**
 * What goes into an access token, and the live checks made before one is issued (SPEC
 * R14.3, R14.5, R9):
 * <ul>
 * <li>{@code sub} the member's subject, {@code org} (the configured claim) the
 * organisation, {@code aud} the MCP resource {@code {public-url}/mcp} (RFC 8707: the only
 * resource this server issues for), {@code client_id}, and {@code cid} the consent the
 * token comes from, which every request checks against the live state;</li>
 * <li>signed with the current key, named by {@code kid};</li>
 * <li>a {@code resource} given on the token request must be that resource
 * ({@code invalid_target});</li>
 * <li>the member must still be an active member and the consent live, so a suspended or
 * removed member's refresh, or a revoked consent's, is {@code invalid_grant}.</li>
 * </ul>
 */
final class AccessTokens implements OAuth2TokenCustomizer<JwtEncodingContext> {

	static final String CONSENT_CLAIM = io.quiver.edge.security.CallerResolver.CONSENT_CLAIM;

	static final String CLIENT_CLAIM = "client_id";

	private final String resource;

	private final String orgClaim;

	private final SigningKeys keys;

	private final PolicyStore policies;

	AccessTokens(String resource, String orgClaim, SigningKeys keys, PolicyStore policies) {
		this.resource = resource;
		this.orgClaim = orgClaim;
		this.keys = keys;
		this.policies = policies;
	}

	@Override
	public void customize(JwtEncodingContext context) {
		if (!OAuth2TokenType.ACCESS_TOKEN.equals(context.getTokenType())) {
			return;
		}
		Authentication principal = context.getPrincipal();
		if (!(principal.getPrincipal() instanceof ConsolePrincipal member)) {
			throw new OAuth2AuthenticationException(OAuth2ErrorCodes.INVALID_GRANT);
		}
		if (context.getAuthorizationGrant() instanceof OAuth2AuthorizationGrantAuthenticationToken grant) {
			Object asked = grant.getAdditionalParameters().get(AuthorizationRequests.RESOURCE);
			if (asked != null && !this.resource.equals(asked)) {
				throw new OAuth2AuthenticationException(new OAuth2Error(AuthorizationRequests.INVALID_TARGET,
						"resource must be " + this.resource + " (RFC 8707)", null));
			}
		}
		String consentId = context.getAuthorization().getId();
		requireLive(member, consentId, context.getAuthorizationGrantType());
		context.getJwsHeader().keyId(this.keys.current().getKeyID());
		context.getClaims()
			.subject(member.subject())
			.audience(List.of(this.resource))
			.claim(this.orgClaim, member.orgId())
			.claim(CLIENT_CLAIM, context.getRegisteredClient().getClientId())
			.claim(CONSENT_CLAIM, consentId);
	}

	private void requireLive(ConsolePrincipal member, String consentId, AuthorizationGrantType grant) {
		try (PolicyLease lease = this.policies.open(member.orgId())) {
			MemberView view = (lease != null) ? lease.snapshot().memberBySubject(member.subject()) : null;
			if (view == null || view.status() != MemberStatus.ACTIVE) {
				throw new OAuth2AuthenticationException(new OAuth2Error(OAuth2ErrorCodes.INVALID_GRANT,
						"'" + member.subject() + "' is no longer an active member of the organisation", null));
			}
			ConsentView consent = lease.snapshot().consent(consentId);
			if (consent == null || consent.revoked() || !consent.memberId().equals(view.memberId())) {
				throw new OAuth2AuthenticationException(new OAuth2Error(OAuth2ErrorCodes.INVALID_GRANT,
						(AuthorizationGrantType.REFRESH_TOKEN.equals(grant) ? "the refresh token's" : "the code's")
								+ " consent was revoked; sign in again",
						null));
			}
		}
	}

}
