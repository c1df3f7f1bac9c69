package io.quiver.support;

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

/**
 * HTTP/1.1 by hand on a socket bound to a chosen local address: a request from this
 * machine's non-loopback address, as another machine's would arrive, with whatever
 * headers it claims.
 */
public final class RawHttp {

	private RawHttp() {
	}

	public static String get(String path, String... headers) {
		return "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" + String.join("\r\n", headers)
				+ "\r\nConnection: close\r\n\r\n";
	}

	public static String post(String path, String body, String... headers) {
		return "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: "
				+ body.getBytes(StandardCharsets.UTF_8).length + "\r\n" + String.join("\r\n", headers)
				+ "\r\nConnection: close\r\n\r\n" + body;
	}

	/** One request on a socket bound to the given local address; the whole answer. */
	public static String send(InetAddress from, int port, String request) throws IOException {
		try (Socket socket = new Socket()) {
			socket.setSoTimeout(30_000);
			socket.bind(new InetSocketAddress(from, 0));
			socket.connect(new InetSocketAddress(from, port), 10_000);
			OutputStream out = socket.getOutputStream();
			out.write(request.getBytes(StandardCharsets.UTF_8));
			out.flush();
			try (InputStream in = socket.getInputStream()) {
				return new String(in.readAllBytes(), StandardCharsets.UTF_8);
			}
		}
	}

	/** An IPv4 address of this machine that is not loopback, if it has one. */
	public static Optional<InetAddress> nonLoopbackAddress() throws SocketException {
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
