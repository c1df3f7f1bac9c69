package io.quiver.command.client.api;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * Which redirect URIs a client may register and use (SPEC R14.2): {@code https} with a
 * host, or {@code http} on a loopback host ({@code 127.0.0.0/8}, {@code [::1]},
 * {@code localhost}), on any port (RFC 8252 §7.3). No fragment, no user info.
 */
public final class RedirectUris {

	/** At most this many redirect URIs per client. */
	public static final int MAX_COUNT = 10;

	/** At most this many characters per redirect URI. */
	public static final int MAX_LENGTH = 2000;

	private RedirectUris() {
	}

	/**
	 * Why the URI is not acceptable, or null when it is.
	 */
	public static String problem(String uri) {
		if (uri == null || uri.isEmpty() || uri.length() > MAX_LENGTH) {
			return "a redirect URI must have 1 to " + MAX_LENGTH + " characters";
		}
		URI parsed;
		try {
			parsed = new URI(uri);
		}
		catch (URISyntaxException ex) {
			return "redirect URI is not a valid URI";
		}
		if (!parsed.isAbsolute() || parsed.getHost() == null || parsed.getRawFragment() != null
				|| parsed.getRawUserInfo() != null) {
			return "a redirect URI must be absolute, with a host, no user info and no fragment";
		}
		String scheme = parsed.getScheme().toLowerCase(Locale.ROOT);
		if (scheme.equals("https")) {
			return null;
		}
		if (scheme.equals("http") && isLoopbackHost(parsed.getHost())) {
			return null;
		}
		return "a redirect URI must be https, or http on a loopback address (127.0.0.1, [::1] or localhost)";
	}

	/** The first problem among the URIs, or null when all are acceptable. */
	public static String problem(List<String> uris) {
		if (uris == null || uris.isEmpty()) {
			return "a client needs at least one redirect URI";
		}
		if (uris.size() > MAX_COUNT) {
			return "a client may register at most " + MAX_COUNT + " redirect URIs";
		}
		for (String uri : uris) {
			String problem = problem(uri);
			if (problem != null) {
				return problem;
			}
		}
		return null;
	}

	/** Whether a host names the loopback interface. */
	public static boolean isLoopbackHost(String host) {
		if (host == null) {
			return false;
		}
		String h = host.toLowerCase(Locale.ROOT);
		if (h.equals("localhost") || h.equals("[::1]") || h.equals("[0:0:0:0:0:0:0:1]")) {
			return true;
		}
		String[] octets = h.split("\\.", -1);
		if (octets.length != 4 || !octets[0].equals("127")) {
			return false;
		}
		for (String octet : octets) {
			if (octet.isEmpty() || octet.length() > 3 || !octet.chars().allMatch(Character::isDigit)
					|| Integer.parseInt(octet) > 255) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether a requested redirect URI matches a registered one: exactly, or for a
	 * loopback URI on any port (RFC 8252 §7.3).
	 */
	public static boolean matches(String registered, String requested) {
		if (registered.equals(requested)) {
			return true;
		}
		try {
			URI a = new URI(registered);
			URI b = new URI(requested);
			if (a.getHost() == null || b.getHost() == null || !"http".equalsIgnoreCase(b.getScheme())
					|| !isLoopbackHost(b.getHost())) {
				return false;
			}
			return a.getScheme().equalsIgnoreCase(b.getScheme()) && a.getHost().equalsIgnoreCase(b.getHost())
					&& java.util.Objects.equals(a.getRawPath(), b.getRawPath())
					&& java.util.Objects.equals(a.getRawQuery(), b.getRawQuery()) && b.getRawFragment() == null
					&& b.getRawUserInfo() == null;
		}
		catch (URISyntaxException ex) {
			return false;
		}
	}

}
