package io.quiver.edge.security;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Optional;

import io.quiver.support.QuiverIntegrationTest;
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
		InetAddress external = nonLoopbackAddress().orElse(null);
		assumeTrue(external != null, "this machine has no non-loopback address to call from");

		String token = send(external, post("/dev/token", TOKEN_REQUEST, "X-Forwarded-For: 127.0.0.1"));
		assertThat(token).startsWith("HTTP/1.1 403").contains("loopback callers only");
		String forwarded = send(external,
				post("/dev/token", TOKEN_REQUEST, "Forwarded: for=127.0.0.1", "X-Real-IP: 127.0.0.1"));
		assertThat(forwarded).startsWith("HTTP/1.1 403");
		String page = send(external, get("/console/sign-in", "X-Forwarded-For: ::1"));
		assertThat(page).startsWith("HTTP/1.1 200").doesNotContain("Development sign-in");
	}

	@Test
	void aLoopbackConnectionIsServedWhateverItsHeadersSay() throws IOException {
		InetAddress loopback = InetAddress.getLoopbackAddress();
		String token = send(loopback, post("/dev/token", TOKEN_REQUEST, "X-Forwarded-For: 203.0.113.9"));
		assertThat(token).startsWith("HTTP/1.1 200").contains("access_token");
		String page = send(loopback, get("/console/sign-in", "X-Forwarded-For: 203.0.113.9"));
		assertThat(page).startsWith("HTTP/1.1 200").contains("Development sign-in");
	}

	private static String post(String path, String body, String... headers) {
		return "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: "
				+ body.getBytes(StandardCharsets.UTF_8).length + "\r\n" + String.join("\r\n", headers)
				+ "\r\nConnection: close\r\n\r\n" + body;
	}

	private static String get(String path, String... headers) {
		return "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" + String.join("\r\n", headers)
				+ "\r\nConnection: close\r\n\r\n";
	}

	/** One request on a socket bound to the given local address; the whole answer. */
	private String send(InetAddress from, String request) throws IOException {
		try (Socket socket = new Socket()) {
			socket.setSoTimeout(30_000);
			socket.bind(new InetSocketAddress(from, 0));
			socket.connect(new InetSocketAddress(from, this.port), 10_000);
			OutputStream out = socket.getOutputStream();
			out.write(request.getBytes(StandardCharsets.UTF_8));
			out.flush();
			try (InputStream in = socket.getInputStream()) {
				return new String(in.readAllBytes(), StandardCharsets.UTF_8);
			}
		}
	}

	private static Optional<InetAddress> nonLoopbackAddress() throws SocketException {
		for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
			if (!nic.isUp() || nic.isLoopback()) {
				continue;
			}
			for (InetAddress address : Collections.list(nic.getInetAddresses())) {
				if (address instanceof Inet4Address && !address.isLoopbackAddress()) {
					return Optional.of(address);
				}
			}
		}
		return Optional.empty();
	}

}
