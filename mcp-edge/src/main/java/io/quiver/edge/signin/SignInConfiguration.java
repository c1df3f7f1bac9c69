package io.quiver.edge.signin;

import java.util.LinkedHashMap;
import java.util.Map;

import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.edge.support.Queries;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.security.oauth2.client.OAuth2ClientProperties;
import org.springframework.boot.autoconfigure.security.oauth2.client.OAuth2ClientPropertiesMapper;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.oauth2.client.registration.ClientRegistration;

/**
 * Where members sign in, whether or not the embedded authorization server is on (the
 * console signs in the same way): the identity providers of the deployment and of each
 * organisation (SPEC R14.4).
 */
@Configuration(proxyBeanMethods = false)
// not in the rebuild command, which runs without the web server
@ConditionalOnWebApplication
class SignInConfiguration {

	@Bean
	OrganizationIdentityProviders clientRegistrationRepository(ObjectProvider<OAuth2ClientProperties> properties,
			Queries queries, CredentialVault vault) {
		Map<String, ClientRegistration> deployment = new LinkedHashMap<>();
		OAuth2ClientProperties configured = properties.getIfAvailable();
		if (configured != null) {
			deployment.putAll(new OAuth2ClientPropertiesMapper(configured).asClientRegistrations());
		}
		return new OrganizationIdentityProviders(deployment, queries, vault);
	}

	@Bean
	OrganizationOidcUsers organizationOidcUsers(OrganizationIdentityProviders providers) {
		return new OrganizationOidcUsers(providers);
	}

}
