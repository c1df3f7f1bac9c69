package io.quiver.edge.security;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

import io.quiver.edge.config.Deployment;
import io.quiver.edge.config.QuiverProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /dev/token} answers loopback callers only, judged by the socket's address alone,
 * unless the development setting {@code quiver.dev-issuer.allow-remote} is on; with the
 * issuer off it answers nobody, whatever that setting says.
 */
class DevIssuerRemoteCallersTest {

	private static final String REMOTE = "203.0.113.7";

	@TempDir
	Path dataDir;

	@Test
	void givenARemoteCaller_whenAskingForAToken_thenRefused() {
		DevTokenController controller = new DevTokenController(issuer("true", false));

		assertThat(controller.token(tokenRequest(), request(REMOTE)).getStatusCode().value()).isEqualTo(403);
		assertThat(controller.token(tokenRequest(), request("127.0.0.1")).getStatusCode().value()).isEqualTo(200);
	}

	@Test
	void givenARemoteCallerClaimingLoopbackInForwardedHeaders_whenAskingForAToken_thenRefused() {
		MockHttpServletRequest forwarded = request(REMOTE);
		forwarded.addHeader("X-Forwarded-For", "127.0.0.1");
		forwarded.addHeader("Forwarded", "for=127.0.0.1");

		assertThat(
				new DevTokenController(issuer("true", false)).token(tokenRequest(), forwarded).getStatusCode().value())
			.isEqualTo(403);
	}

	@Test
	void givenAllowRemote_whenARemoteCallerAsksForAToken_thenIssued() {
		DevTokenController controller = new DevTokenController(issuer("true", true));

		assertThat(controller.token(tokenRequest(), request(REMOTE)).getBody()).containsKey("access_token");
	}

	@Test
	void givenAllowRemoteWithTheIssuerOff_whenARemoteCallerAsks_thenNobodyIsAnswered() {
		DevIssuer off = issuer("false", true);

		assertThat(off.answers(request(REMOTE))).isFalse();
		assertThat(off.answers(request("127.0.0.1"))).isFalse();
		assertThat(new DevTokenController(off).token(tokenRequest(), request(REMOTE)).getStatusCode().value())
			.isEqualTo(404);
	}

	private DevIssuer issuer(String enabled, boolean allowRemote) {
		QuiverProperties properties = new QuiverProperties(this.dataDir, URI.create("http://localhost:8080"), null,
				null, new QuiverProperties.DevIssuer(enabled, Duration.ofMinutes(5), allowRemote), null, null);
		return new DevIssuer(properties, new Deployment("jdbc:postgresql://db:5432/quiver"));
	}

	private static DevTokenController.TokenRequest tokenRequest() {
		return new DevTokenController.TokenRequest("admin", "demo", "mcp:read");
	}

	private static MockHttpServletRequest request(String remoteAddress) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/dev/token");
		request.setRemoteAddr(remoteAddress);
		// as Tomcat's valve records the connection's peer (SocketAddress)
		request.setAttribute(SocketAddress.ATTRIBUTE, remoteAddress);
		return request;
	}

}
