package io.quiver.support;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;

/**
 * A Quiver whose public URL is the address it really serves on
 * ({@code http://127.0.0.1:PORT}), so that a real OAuth client can follow its metadata:
 * the shared test context's public URL has no port. Started once per JVM beside the test
 * context, on the same database, with the test-only settings the sign-in stories need: a
 * refresh grace of a second (so that reuse after the grace is reached without a long
 * wait), metadata documents fetched from loopback
 * ({@code quiver.oauth.cimd.allow-private-hosts}) and trusting the test CA. Negative
 * tests of the private-address rule run against the shared context, where that setting is
 * off.
 */
public final class SignInServer {

	private static QuiverApp app;

	private static String baseUrl;

	private SignInServer() {
	}

	public static synchronized QuiverApp app() {
		if (app == null) {
			int port = freePort();
			baseUrl = "http://127.0.0.1:" + port;
			Map<String, String> properties = new HashMap<>(TestDatabase.properties());
			properties.put("server.port", String.valueOf(port));
			properties.put("quiver.public-url", baseUrl);
			properties.put("quiver.oauth.server.refresh-grace", "PT0S");
			properties.put("quiver.oauth.cimd.allow-private-hosts", "true");
			properties.put("quiver.oauth.cimd.timeout", "PT2S");
			properties.put("quiver.oauth.cimd.trust-store", TestCertificates.trustStore().toString());
			properties.put("quiver.oauth.cimd.trust-store-password", TestCertificates.PASSWORD);
			app = QuiverApp.start(properties);
			Runtime.getRuntime().addShutdownHook(new Thread(app::close));
		}
		return app;
	}

	/** Its public URL. */
	public static String baseUrl() {
		app();
		return baseUrl;
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
