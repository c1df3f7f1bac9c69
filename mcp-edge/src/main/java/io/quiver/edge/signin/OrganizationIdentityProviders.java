package io.quiver.edge.signin;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.edge.console.ConsolePrincipal;
import io.quiver.edge.support.Queries;
import io.quiver.query.client.api.FindIdentityProviderQuery;
import io.quiver.query.client.api.IdentityProviderView;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.registration.ClientRegistrations;

/**
 * Where members sign in (SPEC R14.4): Spring Security's OAuth2 client over one OIDC
 * identity provider per organisation, as the organisation configured it (an event; the
 * client secret in the vault), under the registration id {@code org-{orgId}}, beside the
 * deployment's own registrations ({@code spring.security.oauth2.client.registration.*}).
 * A provider's registration is made from its discovery document when first used and kept
 * until the organisation configures it anew (the configuration's time is the cache key:
 * configuration is not policy, and a changed one is picked up on its next use).
 */
class OrganizationIdentityProviders implements ClientRegistrationRepository, Iterable<ClientRegistration> {

	static final String REDIRECT = "{baseUrl}/console/login/oauth2/code/{registrationId}";

	private final Map<String, ClientRegistration> deployment;

	private final Queries queries;

	private final CredentialVault vault;

	private final Map<String, Cached> organizations = new ConcurrentHashMap<>();

	OrganizationIdentityProviders(Map<String, ClientRegistration> deployment, Queries queries, CredentialVault vault) {
		this.deployment = deployment;
		this.queries = queries;
		this.vault = vault;
	}

	@Override
	public ClientRegistration findByRegistrationId(String registrationId) {
		ClientRegistration own = this.deployment.get(registrationId);
		if (own != null || registrationId == null
				|| !registrationId.startsWith(ConsolePrincipal.ORGANIZATION_REGISTRATION)) {
			return own;
		}
		String orgId = registrationId.substring(ConsolePrincipal.ORGANIZATION_REGISTRATION.length());
		IdentityProviderView provider = this.queries.one(new FindIdentityProviderQuery(orgId),
				IdentityProviderView.class);
		if (provider == null) {
			return null;
		}
		Cached cached = this.organizations.get(orgId);
		if (cached != null && cached.configuredAt().equals(provider.configuredAt())) {
			return cached.registration();
		}
		ClientRegistration registration = ClientRegistrations.fromIssuerLocation(provider.issuer())
			.registrationId(registrationId)
			.clientName(orgId)
			.clientId(provider.clientId())
			.clientSecret(this.vault.readSecret(orgId, provider.clientSecretRef()))
			.scope("openid", "profile", "email")
			.redirectUri(REDIRECT)
			.userNameAttributeName(provider.subjectClaim())
			.build();
		this.organizations.put(orgId,
				new Cached(provider.configuredAt(), registration, provider.allowedEmailDomains()));
		return registration;
	}

	/** The e-mail domains an organisation's provider allows, empty for any. */
	List<String> allowedEmailDomains(String orgId) {
		Cached cached = this.organizations.get(orgId);
		return (cached != null) ? cached.allowedEmailDomains() : List.of();
	}

	/**
	 * The deployment's own registrations (organisations' are not listed to strangers).
	 */
	@Override
	public Iterator<ClientRegistration> iterator() {
		return new ArrayList<>(this.deployment.values()).iterator();
	}

	private record Cached(String configuredAt, ClientRegistration registration, List<String> allowedEmailDomains) {
	}

}
