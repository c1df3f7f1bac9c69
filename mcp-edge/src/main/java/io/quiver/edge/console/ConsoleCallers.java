package io.quiver.edge.console;

import java.util.EnumSet;

import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.security.CallerIdentity;
import io.quiver.edge.security.CallerResolver;
import io.quiver.query.access.Caller;
import io.quiver.query.access.Scope;
import io.quiver.query.gate.MemberStatusGate;
import io.quiver.query.gate.api.Verdict;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.client.authentication.OAuth2AuthenticationToken;
import org.springframework.security.oauth2.core.user.OAuth2User;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;

/**
 * The console's caller: the signed-in subject as a member of its organisation as of this
 * request (SPEC R2.1, R2.5, R9), resolved once per request. A console session is a person
 * acting through their role, not an OAuth client acting on delegated scopes, so the
 * caller holds every scope and the role alone decides (the services check it, as for the
 * REST API).
 */
@Component
public class ConsoleCallers {

	static final String VIA = "console";

	private static final String ATTRIBUTE = ConsoleCallers.class.getName() + ".caller";

	private final QuiverProperties properties;

	private final CallerResolver resolver;

	private final MemberStatusGate memberStatusGate;

	ConsoleCallers(QuiverProperties properties, CallerResolver resolver, MemberStatusGate memberStatusGate) {
		this.properties = properties;
		this.resolver = resolver;
		this.memberStatusGate = memberStatusGate;
	}

	/**
	 * Who signed in: the development principal, or the OIDC user's {@code sub} and
	 * organisation claim ({@code quiver.oauth.org-claim}, else the default organisation);
	 * null when nobody did.
	 */
	public ConsolePrincipal principal(Authentication authentication) {
		if (authentication == null || !authentication.isAuthenticated()) {
			return null;
		}
		if (authentication.getPrincipal() instanceof ConsolePrincipal principal) {
			return principal;
		}
		if (authentication instanceof OAuth2AuthenticationToken token
				&& token.getAuthorizedClientRegistrationId().startsWith(ConsolePrincipal.ORGANIZATION_REGISTRATION)) {
			// an organisation's own identity provider: its registration names the
			// organisation, its subject claim the subject (SPEC R14.4)
			return new ConsolePrincipal(
					token.getAuthorizedClientRegistrationId()
						.substring(ConsolePrincipal.ORGANIZATION_REGISTRATION.length()),
					token.getPrincipal().getName(), "oidc");
		}
		if (authentication instanceof OAuth2AuthenticationToken token) {
			OAuth2User user = token.getPrincipal();
			Object sub = user.getAttribute("sub");
			String subject = (sub != null) ? sub.toString() : user.getName();
			Object claim = user.getAttribute(this.properties.oauth().orgClaim());
			String org = (claim != null && !claim.toString().isBlank()) ? claim.toString()
					: this.properties.oauth().defaultOrg();
			return new ConsolePrincipal(org, subject, "oidc");
		}
		return null;
	}

	/** The current request's signed-in principal, or null. */
	public ConsolePrincipal principal() {
		return principal(SecurityContextHolder.getContext().getAuthentication());
	}

	/**
	 * The caller of this request, checked to be an active member.
	 * @throws ConsoleAccessException when nobody is signed in, or the subject is not an
	 * active member of the organisation
	 */
	public Caller current() {
		RequestAttributes request = RequestContextHolder.getRequestAttributes();
		if (request != null
				&& request.getAttribute(ATTRIBUTE, RequestAttributes.SCOPE_REQUEST) instanceof Caller cached) {
			return cached;
		}
		Caller caller = resolve(principal());
		if (request != null) {
			request.setAttribute(ATTRIBUTE, caller, RequestAttributes.SCOPE_REQUEST);
		}
		return caller;
	}

	Caller resolve(ConsolePrincipal principal) {
		if (principal == null) {
			throw new ConsoleAccessException("Sign in to use the console.");
		}
		if (principal.orgId() == null || principal.orgId().isBlank()) {
			throw new ConsoleAccessException("Your sign-in names no organisation (claim '"
					+ this.properties.oauth().orgClaim() + "'), and this deployment has no default organisation.");
		}
		CallerIdentity identity = new CallerIdentity(principal.orgId(), principal.subject(),
				EnumSet.allOf(Scope.class));
		Caller caller = this.resolver.resolve(identity, VIA);
		if (caller == null) {
			throw new ConsoleAccessException("'" + principal.subject() + "' is not a member of organisation '"
					+ principal.orgId() + "'. Ask an admin of the organisation to invite you.");
		}
		Verdict status = this.memberStatusGate.check(caller);
		if (status.denied()) {
			throw new ConsoleAccessException(status.reason());
		}
		return caller;
	}

}
