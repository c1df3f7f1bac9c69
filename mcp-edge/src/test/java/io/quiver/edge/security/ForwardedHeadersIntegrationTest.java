package io.quiver.edge.security;

import java.io.IOException;
import java.net.InetAddress;

import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.RawHttp;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The development issuer and the development sign-in decide on the connection's own
 * address, never on forwarded headers (issue 14, finding 9). The test deployment trusts
 * {@code X-Forwarded-For} from every address, as Spring Boot does behind a proxy or on
 * Kubernetes ({@code server.forward-headers-strategy=native}, see TestDatabase). A
 * request from this machine's non-loopback address that claims {@code 127.0.0.1} is
 * refused; a request from loopback that claims a foreign address is served.
 */
class ForwardedHeadersIntegrationTest extends QuiverIntegrationTest {

	private static final String TOKEN_REQUEST = "{\"sub\":\"owner\",\"org\":\"demo\"}";

	@Test
	void aForwardedLoopbackAddressFromElsewhereIsRefused() throws IOException {
		InetAddress external = RawHttp.nonLoopbackAddress().orElse(null);
		assumeTrue(external != null, "this machine has no non-loopback address to call from");

		String token = RawHttp.send(external, this.port,
				RawHttp.post("/dev/token", TOKEN_REQUEST, "X-Forwarded-For: 127.0.0.1"));
		assertThat(token).startsWith("HTTP/1.1 403").contains("loopback callers only");
		String forwarded = RawHttp.send(external, this.port,
				RawHttp.post("/dev/token", TOKEN_REQUEST, "Forwarded: for=127.0.0.1", "X-Real-IP: 127.0.0.1"));
		assertThat(forwarded).startsWith("HTTP/1.1 403");
		String page = RawHttp.send(external, this.port, RawHttp.get("/console/sign-in", "X-Forwarded-For: ::1"));
		assertThat(page).startsWith("HTTP/1.1 200").doesNotContain("Development sign-in");
	}

	@Test
	void aLoopbackConnectionIsServedWhateverItsHeadersSay() throws IOException {
		InetAddress loopback = InetAddress.getLoopbackAddress();
		String token = RawHttp.send(loopback, this.port,
				RawHttp.post("/dev/token", TOKEN_REQUEST, "X-Forwarded-For: 203.0.113.9"));
		assertThat(token).startsWith("HTTP/1.1 200").contains("access_token");
		String page = RawHttp.send(loopback, this.port,
				RawHttp.get("/console/sign-in", "X-Forwarded-For: 203.0.113.9"));
		assertThat(page).startsWith("HTTP/1.1 200").contains("Development sign-in");
	}

}
