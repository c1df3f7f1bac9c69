package io.quiver.support;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A test certificate authority and a server certificate it signed for {@code 127.0.0.1}
 * and {@code localhost}, made once per JVM with the JDK's {@code keytool}: a trust store
 * holding the CA (for Quiver's {@code quiver.oauth.cimd.trust-store}) and the server's
 * key store (for an https server of the test's).
 */
public final class TestCertificates {

	public static final String PASSWORD = "changeit";

	private static Path directory;

	private TestCertificates() {
	}

	/** The PKCS12 trust store with the test CA. */
	public static synchronized Path trustStore() {
		make();
		return directory.resolve("trust.p12");
	}

	/** A server TLS context presenting the certificate the test CA signed. */
	public static synchronized SSLContext serverContext() {
		make();
		try (InputStream in = Files.newInputStream(directory.resolve("server.p12"))) {
			KeyStore store = KeyStore.getInstance("PKCS12");
			store.load(in, PASSWORD.toCharArray());
			KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
			keys.init(store, PASSWORD.toCharArray());
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(keys.getKeyManagers(), null, null);
			return context;
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new IllegalStateException("cannot load the test server key store", ex);
		}
	}

	private static void make() {
		if (directory != null) {
			return;
		}
		try {
			Path dir = Files.createTempDirectory("quiver-test-ca");
			String ca = dir.resolve("ca.p12").toString();
			String server = dir.resolve("server.p12").toString();
			keytool("-genkeypair", "-alias", "ca", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=Quiver test CA",
					"-ext", "bc:c", "-validity", "2", "-keystore", ca);
			keytool("-exportcert", "-alias", "ca", "-keystore", ca, "-rfc", "-file", dir.resolve("ca.pem").toString());
			keytool("-importcert", "-noprompt", "-alias", "ca", "-file", dir.resolve("ca.pem").toString(), "-keystore",
					dir.resolve("trust.p12").toString());
			keytool("-genkeypair", "-alias", "server", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=127.0.0.1",
					"-validity", "2", "-keystore", server);
			keytool("-certreq", "-alias", "server", "-keystore", server, "-file", dir.resolve("server.csr").toString());
			keytool("-gencert", "-alias", "ca", "-keystore", ca, "-infile", dir.resolve("server.csr").toString(),
					"-outfile", dir.resolve("server.pem").toString(), "-rfc", "-validity", "2", "-ext",
					"san=ip:127.0.0.1,dns:localhost", "-ext", "eku=serverAuth");
			keytool("-importcert", "-noprompt", "-alias", "ca", "-file", dir.resolve("ca.pem").toString(), "-keystore",
					server);
			keytool("-importcert", "-alias", "server", "-file", dir.resolve("server.pem").toString(), "-keystore",
					server);
			directory = dir;
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot make the test certificates", ex);
		}
	}

	private static void keytool(String... arguments) throws IOException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
		command.addAll(List.of(arguments));
		command.addAll(List.of("-storetype", "PKCS12", "-storepass", PASSWORD));
		if (List.of(arguments).contains("-genkeypair")) {
			command.addAll(List.of("-keypass", PASSWORD));
		}
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		try {
			String output = new String(process.getInputStream().readAllBytes());
			if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new IllegalStateException("keytool " + String.join(" ", arguments) + " failed: " + output);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
