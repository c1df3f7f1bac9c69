package io.quiver.edge.security;

import java.net.URI;

import jakarta.servlet.FilterChain;
import io.quiver.edge.config.Deployment;
import io.quiver.edge.config.QuiverProperties;
import io.quiver.query.access.Scope;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The test-only anonymous loopback subject (the conformance suite cannot send a token)
 * must yield an authenticated caller, and only for token-less loopback MCP requests on
 * the embedded default.
 */
class AnonymousLoopbackSubjectTest {

	private static final Deployment EMBEDDED = new Deployment("jdbc:h2:mem:anonymous");

	@AfterEach
	void clear() {
		SecurityContextHolder.clearContext();
	}

	@Test
	void givenATokenlessLoopbackMcpRequest_whenFiltered_thenItIsAnAuthenticatedAdminWithEveryScope() throws Exception {
		Authentication authentication = filter(request("127.0.0.1", null));

		assertThat(authentication).isInstanceOf(JwtAuthenticationToken.class);
		assertThat(authentication.isAuthenticated()).as("Spring Security refuses an unauthenticated token with 403")
			.isTrue();
		JwtAuthenticationToken token = (JwtAuthenticationToken) authentication;
		assertThat(token.getToken().getSubject()).isEqualTo("admin");
		assertThat(token.getToken().getClaimAsString("org")).isEqualTo("demo");
		assertThat(token.getToken().getClaimAsString("scope")).isEqualTo(Scope.allWireNames());
	}

	@Test
	void givenARequestWithAToken_whenFiltered_thenItIsLeftToTokenValidation() throws Exception {
		assertThat(filter(request("127.0.0.1", "Bearer abc"))).isNull();
	}

	@Test
	void givenARemoteRequest_whenFiltered_thenItStaysAnonymous() throws Exception {
		assertThat(filter(request("192.0.2.10", null))).isNull();
	}

	@Test
	void givenAProductionDatabase_whenConfigured_thenStartUpIsRefused() {
		assertThatIllegalStateException().isThrownBy(
				() -> new AnonymousLoopbackSubject(properties(), new Deployment("jdbc:postgresql://127.0.0.1/quiver")))
			.withMessageContaining("test-only");
	}

	private static Authentication filter(MockHttpServletRequest request) throws Exception {
		AnonymousLoopbackSubject anonymous = new AnonymousLoopbackSubject(properties(), EMBEDDED);
		Authentication[] seen = new Authentication[1];
		FilterChain chain = new MockFilterChain() {
			@Override
			public void doFilter(jakarta.servlet.ServletRequest req, jakarta.servlet.ServletResponse res) {
				seen[0] = SecurityContextHolder.getContext().getAuthentication();
			}
		};
		anonymous.filter().doFilter(request, new MockHttpServletResponse(), chain);
		return seen[0];
	}

	private static MockHttpServletRequest request(String remoteAddress, String authorization) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/mcp");
		request.setRemoteAddr(remoteAddress);
		// as Tomcat's valve records the connection's peer (SocketAddress)
		request.setAttribute(SocketAddress.ATTRIBUTE, remoteAddress);
		if (authorization != null) {
			request.addHeader("Authorization", authorization);
		}
		return request;
	}

	private static QuiverProperties properties() {
		return new QuiverProperties(null, URI.create("http://localhost:8080"), null, null, null,
				new QuiverProperties.Mcp(0, 0, null, null, "admin"), null);
	}

}
