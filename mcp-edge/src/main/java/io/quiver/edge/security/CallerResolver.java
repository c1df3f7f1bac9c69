package io.quiver.edge.security;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.quiver.command.member.api.MemberStatus;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.query.access.Caller;
import io.quiver.query.access.Scope;
import io.quiver.query.toolindex.api.ConsentView;
import io.quiver.query.toolindex.api.MemberView;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.stereotype.Component;

/**
 * Maps a validated token to a caller: the organisation claim (or the configured default),
 * the subject, the scopes ({@code scope} string or {@code scp} list), and the member the
 * subject is in that organisation as of this request (SPEC R2.1, R2.5, R9).
 */
@Component
public class CallerResolver {

	/**
	 * The claim naming the consent a token of the embedded authorization server comes
	 * from.
	 */
	public static final String CONSENT_CLAIM = "cid";

	private static final String CONSOLE = "console";

	private final QuiverProperties properties;

	private final PolicyStore policies;

	public CallerResolver(QuiverProperties properties, PolicyStore policies) {
		this.properties = properties;
		this.policies = policies;
	}

	/** The token's claims, or null when the request carries no token. */
	public CallerIdentity identify(Authentication authentication) {
		if (!(authentication instanceof JwtAuthenticationToken token)) {
			return null;
		}
		Jwt jwt = token.getToken();
		String org = jwt.getClaimAsString(this.properties.oauth().orgClaim());
		if (org == null || org.isBlank()) {
			org = this.properties.oauth().defaultOrg();
		}
		return new CallerIdentity(org, jwt.getSubject(), Scope.parse(scopes(jwt)), jwt.getClaimAsString("client_id"),
				jwt.getClaimAsString(CONSENT_CLAIM));
	}

	/**
	 * The caller as of the snapshot, or null when the subject is not a member of the
	 * organisation. A subject whose membership was removed resolves to that removed
	 * member, so that the member-status gate refuses it like a suspended one (R2.5): in
	 * band on MCP, and audited, rather than as a stranger.
	 * @throws RevokedTokenException when the token was issued under a consent that is no
	 * longer live (revoked, or not this member's): its client no longer acts for the
	 * member
	 */
	public Caller resolve(CallerIdentity identity, String via) {
		try (PolicyLease lease = this.policies.open(identity.orgId())) {
			return (lease != null) ? resolve(lease.snapshot(), identity, via) : null;
		}
	}

	/**
	 * The caller on a snapshot already open, as {@link #resolve(CallerIdentity, String)}.
	 */
	public Caller resolve(PolicySnapshot policy, CallerIdentity identity, String via) {
		MemberView member = policy.memberBySubject(identity.subject());
		if (member == null) {
			member = removed(policy, identity.subject());
		}
		if (member == null) {
			return null;
		}
		if (identity.consentId() != null) {
			ConsentView consent = policy.consent(identity.consentId());
			if (consent == null || consent.revoked() || !consent.memberId().equals(member.memberId())
					|| !consent.clientId().equals(identity.clientId())) {
				throw new RevokedTokenException("the token's consent was revoked; sign in again");
			}
		}
		return new Caller(
				policy.orgId(), member.memberId(), member.subject(), member.role(), member.status(), CONSOLE.equals(via)
						? identity.scopes() : capped(identity.scopes(), policy.settings().scopeCap(member.role())),
				via);
	}

	/**
	 * The scopes in effect: the token's, cut to what the organisation allows the member's
	 * role now ({@code scopeCaps}, SPEC R14.3), so a lowered cap or a role change takes
	 * effect on the next request (R9). A console session is the member acting through
	 * their role, not a client acting on delegated scopes: the cap does not apply to it.
	 */
	private static Set<Scope> capped(Set<Scope> granted, Set<String> cap) {
		if (cap == null) {
			return granted;
		}
		Set<Scope> scopes = EnumSet.noneOf(Scope.class);
		for (Scope scope : granted) {
			if (cap.contains(scope.wireName())) {
				scopes.add(scope);
			}
		}
		return scopes;
	}

	private static MemberView removed(PolicySnapshot policy, String subject) {
		for (MemberView member : policy.members()) {
			if (member.status() == MemberStatus.REMOVED && member.subject().equals(subject)) {
				return member;
			}
		}
		return null;
	}

	private static List<String> scopes(Jwt jwt) {
		List<String> scopes = new ArrayList<>();
		Object scope = jwt.getClaim("scope");
		if (scope instanceof String text) {
			scopes.addAll(List.of(text.trim().split("\\s+")));
		}
		else if (scope instanceof Collection<?> list) {
			list.forEach((s) -> scopes.add(String.valueOf(s)));
		}
		Object scp = jwt.getClaim("scp");
		if (scp instanceof Collection<?> list) {
			list.forEach((s) -> scopes.add(String.valueOf(s)));
		}
		else if (scp instanceof String text) {
			scopes.addAll(List.of(text.trim().split("\\s+")));
		}
		return scopes;
	}

}
