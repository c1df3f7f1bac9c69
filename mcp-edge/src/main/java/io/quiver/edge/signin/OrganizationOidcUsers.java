package io.quiver.edge.signin;

import java.util.List;
import java.util.Locale;

import io.quiver.edge.console.ConsolePrincipal;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;

/**
 * Loads the signed-in user of an organisation's identity provider and applies its allowed
 * e-mail domains (SPEC R14.4): an ID token whose {@code email} is not of one of them is
 * refused ({@code access_denied}, shown on the sign-in page). Whether the subject is an
 * active member is checked after, on the live state, by the console's sign-in.
 */
class OrganizationOidcUsers extends OidcUserService {

	private final OrganizationIdentityProviders providers;

	OrganizationOidcUsers(OrganizationIdentityProviders providers) {
		this.providers = providers;
	}

	@Override
	public OidcUser loadUser(OidcUserRequest request) {
		OidcUser user = super.loadUser(request);
		String registration = request.getClientRegistration().getRegistrationId();
		if (registration.startsWith(ConsolePrincipal.ORGANIZATION_REGISTRATION)) {
			List<String> domains = this.providers
				.allowedEmailDomains(registration.substring(ConsolePrincipal.ORGANIZATION_REGISTRATION.length()));
			String email = user.getEmail();
			String domain = (email != null && email.contains("@"))
					? email.substring(email.lastIndexOf('@') + 1).toLowerCase(Locale.ROOT) : null;
			if (!domains.isEmpty() && (domain == null || domains.stream().noneMatch(domain::equalsIgnoreCase))) {
				throw new OAuth2AuthenticationException(new OAuth2Error("access_denied",
						"your e-mail domain is not one this organisation signs in with", null));
			}
		}
		return user;
	}

}
