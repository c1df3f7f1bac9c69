package io.quiver.edge.console;

import java.net.URI;
import java.util.List;
import java.util.Map;

import io.quiver.edge.config.QuiverProperties;
import io.quiver.edge.security.DevIssuer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.oauth2.client.authentication.OAuth2AuthenticationToken;
import org.springframework.security.oauth2.core.user.DefaultOAuth2User;
import org.springframework.ui.ExtendedModelMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The development sign-in is accepted only while the local issuer is on and only from
 * loopback; an OIDC user maps to a subject and an organisation like a bearer token does.
 */
class ConsoleSignInControllerTest {

	private final QuiverProperties properties = new QuiverProperties(null, URI.create("http://localhost:8080"), null,
			new QuiverProperties.Oauth("tenant", "", List.of()), null, null, null);

	private final DevIssuer issuer = mock(DevIssuer.class);

	private final ConsoleCallers callers = mock(ConsoleCallers.class);

	@SuppressWarnings("unchecked")
	private final ConsoleSignInController controller = new ConsoleSignInController(this.issuer, this.properties,
			this.callers, mock(ObjectProvider.class));

	@Test
	void givenANonLoopbackAddress_whenSigningIn_thenRefused() {
		given(this.issuer.enabled()).willReturn(true);
		MockHttpServletRequest request = request("10.20.30.40");
		MockHttpServletResponse response = new MockHttpServletResponse();
		ExtendedModelMap model = new ExtendedModelMap();

		String view = this.controller.signIn("owner", "demo", request, response, model);

		assertThat(view).isEqualTo("console/sign-in");
		assertThat(response.getStatus()).isEqualTo(403);
		assertThat(model.getAttribute("error")).asString().contains("loopback");
		assertThat(model.getAttribute("devSignIn")).isEqualTo(false);
		assertThat(request.getSession(false)).isNull();
		verifyNoInteractions(this.callers);
	}

	@Test
	void givenTheLocalIssuerOff_whenSigningInFromLoopback_thenNotFound() {
		given(this.issuer.enabled()).willReturn(false);
		MockHttpServletResponse response = new MockHttpServletResponse();
		ExtendedModelMap model = new ExtendedModelMap();

		this.controller.signIn("owner", "demo", request("127.0.0.1"), response, model);

		assertThat(response.getStatus()).isEqualTo(404);
		assertThat(model.getAttribute("error")).asString().contains("development sign-in is off");
		verifyNoInteractions(this.callers);
	}

	@Test
	void givenAnOidcUser_whenMapped_thenSubAndTheConfiguredOrgClaim() {
		ConsoleCallers mapping = new ConsoleCallers(this.properties, null, null);
		DefaultOAuth2User user = new DefaultOAuth2User(List.of(), Map.of("sub", "u-123", "tenant", "acme"), "sub");

		ConsolePrincipal principal = mapping.principal(new OAuth2AuthenticationToken(user, List.of(), "quiver"));

		assertThat(principal).isEqualTo(new ConsolePrincipal("acme", "u-123", "oidc"));
	}

	@Test
	void givenAnOidcUserWithoutTheOrgClaim_whenMapped_thenTheDefaultOrganisation() {
		QuiverProperties single = new QuiverProperties(null, URI.create("http://localhost:8080"), null,
				new QuiverProperties.Oauth("org", "solo", List.of()), null, null, null);
		ConsoleCallers mapping = new ConsoleCallers(single, null, null);
		DefaultOAuth2User user = new DefaultOAuth2User(List.of(), Map.of("sub", "u-9"), "sub");

		assertThat(mapping.principal(new OAuth2AuthenticationToken(user, List.of(), "quiver")))
			.isEqualTo(new ConsolePrincipal("solo", "u-9", "oidc"));
	}

	@Test
	void givenABearerTokenAuthentication_whenMapped_thenNobodyIsSignedIn() {
		ConsoleCallers mapping = new ConsoleCallers(this.properties, null, null);

		assertThat(mapping.principal(UsernamePasswordAuthenticationToken.authenticated("someone", null, List.of())))
			.isNull();
	}

	private static MockHttpServletRequest request(String address) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/console/sign-in");
		request.setRemoteAddr(address);
		return request;
	}

}
