package io.quiver.support;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.UUID;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;

/**
 * What the tests' own Spring Authorization Servers ({@link TestIdentityProvider},
 * {@link TestOAuthProvider}) share: a free port, the start of the server's context, its
 * one user, and its one confidential client with the authorization-code grant.
 */
final class TestAuthorizationServers {

	private TestAuthorizationServers() {
	}

	static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Starts the server {@code provider} configures on {@code port}. */
	static ConfigurableApplicationContext run(Class<?> provider, int port, String configName) {
		return new SpringApplicationBuilder(provider)
			.properties("server.port=" + port, "spring.config.name=" + configName, "spring.main.banner-mode=off")
			.run();
	}

	/** The form login's one user. */
	static UserDetailsService oneUser(String user, String password) {
		return new InMemoryUserDetailsManager(
				User.withUsername(user).password("{noop}" + password).roles("USER").build());
	}

	/** A confidential client (basic authentication) of the authorization-code grant. */
	static RegisteredClient.Builder confidentialClient(String clientId, String secret, String redirectUri) {
		return RegisteredClient.withId(UUID.randomUUID().toString())
			.clientId(clientId)
			.clientSecret("{noop}" + secret)
			.clientAuthenticationMethod(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)
			.authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
			.redirectUri(redirectUri);
	}

}
