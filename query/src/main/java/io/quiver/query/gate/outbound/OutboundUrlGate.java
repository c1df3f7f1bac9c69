package io.quiver.query.gate.outbound;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.query.gate.api.Gate;
import io.quiver.query.gate.api.Verdict;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The outbound URL gate (SPEC R8.7, R7.1): the URL a connected tool is about to call,
 * after substitution, must stay on the connector's declared base URL, and its host must
 * not resolve to a private, loopback, link-local or otherwise internal address unless an
 * admin registered the connector with {@code allowPrivateNetwork}. Link-local and cloud
 * metadata addresses stay refused even then ({@code AddressRules.neverReachable}).
 * <p>
 * On the base URL means: same scheme, host and port (default ports made explicit), no
 * user info, and a path equal to the base path or under it. The path is judged on its raw
 * form and refused if any segment is, or decodes to, {@code .} or {@code ..}, if it holds
 * an encoded {@code /} or {@code \}, a double encoding, an empty segment, a control
 * character, or a whole URL ({@code scheme://}) that came in through a parameter. Those
 * are refused rather than normalised: a server may normalise differently from us.
 * <p>
 * DNS rebinding: every address the host resolves to is checked, and a single bad one
 * refuses the call. The executors call {@link #inspect} again immediately before they
 * connect, so the check is re-resolved at connect time rather than reused from the
 * pipeline; the JDK HTTP client then resolves the name through the JVM's address cache
 * (positive entries kept 30 s by default, {@code networkaddress.cache.ttl}), which the
 * re-check has just filled, so the client connects to an address that was checked. Do not
 * set {@code networkaddress.cache.ttl=0}: that would reopen the window between the check
 * and the connect.
 */
@Component
public class OutboundUrlGate {

	/**
	 * A segment that still holds an escape after one decoding; a server may decode twice.
	 */
	private static final Pattern DOUBLE_ENCODED = Pattern.compile("%[0-9A-Fa-f]{2}");

	private final HostResolver resolver;

	@Autowired
	public OutboundUrlGate(ObjectProvider<HostResolver> resolver) {
		this(resolver.getIfAvailable(() -> HostResolver.SYSTEM));
	}

	public OutboundUrlGate(HostResolver resolver) {
		this.resolver = resolver;
	}

	/**
	 * Checks the URL an HTTP operation would call with these (validated, merged)
	 * arguments; for an MCP connector, its endpoint URL.
	 */
	public Verdict check(ConnectorDefinition connector, OperationDefinition operation, ObjectNode arguments) {
		if (connector.kind() == ConnectorKind.MCP) {
			return check(connector, connector.baseUrl());
		}
		URI url;
		try {
			url = OutboundUrls.build(connector, operation, arguments);
		}
		catch (IllegalArgumentException ex) {
			return Verdict.deny(Gate.OUTBOUND_URL, ex.getMessage());
		}
		return inspect(connector, url).verdict();
	}

	/** Checks a URL (e.g. a redirect target) against the connector. */
	public Verdict check(ConnectorDefinition connector, String url) {
		try {
			return inspect(connector, new URI(url)).verdict();
		}
		catch (URISyntaxException ex) {
			return Verdict.deny(Gate.OUTBOUND_URL, "the outbound URL is not a valid URL");
		}
	}

	/**
	 * Checks a URL that is not a connector's operation (a metadata document, an OAuth
	 * endpoint) by the address rules alone: http(s), no user info, every address its host
	 * resolves to public unless {@code allowPrivate}. The refusal names {@code what}.
	 */
	public OutboundTarget inspectAddress(String what, URI url, boolean allowPrivate) {
		if (url.getScheme() == null || url.getRawAuthority() == null) {
			return OutboundTarget.refused(url, Verdict.deny(Gate.OUTBOUND_URL, what + " is not an absolute URL"));
		}
		String origin = url.getScheme() + "://" + url.getRawAuthority() + "/";
		ConnectorDefinition target = new ConnectorDefinition("outbound-target", what, ConnectorKind.HTTP, "", origin,
				List.of(), Map.of(), allowPrivate, 1);
		OutboundTarget checked = inspect(target, url);
		if (checked.allowed()) {
			return checked;
		}
		Verdict denied = Verdict.deny(Gate.OUTBOUND_URL,
				checked.verdict()
					.reason()
					.replace("connector 'outbound-target'", what)
					.replace(" An admin can register it with allowPrivateNetwork if this is intended.", ""));
		// a host that does not resolve stays told apart from one the rules refuse
		return checked.unresolved() ? OutboundTarget.unresolved(url, denied) : OutboundTarget.refused(url, denied);
	}

	/**
	 * Checks a URL against the connector and resolves its host, returning the checked
	 * addresses with the verdict.
	 */
	public OutboundTarget inspect(ConnectorDefinition connector, URI url) {
		String problem = urlProblem(connector, url);
		if (problem != null) {
			return OutboundTarget.refused(url, Verdict.deny(Gate.OUTBOUND_URL, problem));
		}
		String host = hostOf(url);
		List<InetAddress> addresses;
		try {
			addresses = this.resolver.resolve(host);
		}
		catch (UnknownHostException ex) {
			addresses = List.of();
		}
		if (addresses == null || addresses.isEmpty()) {
			return OutboundTarget.unresolved(url, Verdict.deny(Gate.OUTBOUND_URL, "host '" + host + "' of connector '"
					+ connector.id() + "' does not resolve; check the " + "connector's base URL or try again later"));
		}
		for (InetAddress address : addresses) {
			String never = AddressRules.neverReachable(address);
			if (never != null) {
				return refused(url, host, address, never,
						", which no connector may reach, not even one allowed to reach private networks");
			}
		}
		if (!connector.allowPrivateNetwork()) {
			for (InetAddress address : addresses) {
				String restriction = AddressRules.restriction(address);
				if (restriction != null) {
					return refused(url, host, address, restriction,
							"; connector '" + connector.id()
									+ "' is not allowed to reach private networks. An admin can register "
									+ "it with allowPrivateNetwork if this is intended.");
				}
			}
		}
		return new OutboundTarget(url, List.copyOf(addresses), Verdict.allow(Gate.OUTBOUND_URL), false);
	}

	private static OutboundTarget refused(URI url, String host, InetAddress address, String what, String rule) {
		return OutboundTarget.refused(url, Verdict.deny(Gate.OUTBOUND_URL,
				"host '" + host + "' resolves to " + what + " (" + address.getHostAddress() + ")" + rule));
	}

	private static String urlProblem(ConnectorDefinition connector, URI url) {
		URI base;
		try {
			base = new URI(connector.baseUrl());
		}
		catch (URISyntaxException | NullPointerException ex) {
			return "connector '" + connector.id() + "' has no valid base URL";
		}
		if (!isHttp(base) || base.getHost() == null || base.getRawUserInfo() != null) {
			return "connector '" + connector.id() + "' has no usable base URL (absolute http or https, with a host, "
					+ "without user info)";
		}
		// Messages name hosts and the rule, never the path or query: those carry argument
		// values, which are never stored (R10.2).
		if (!isHttp(url) || url.getHost() == null) {
			return "the outbound URL is not an absolute http(s) URL on the connector's base URL " + base;
		}
		if (url.getRawUserInfo() != null) {
			return "the outbound URL carries user info; credentials never travel in the URL";
		}
		if (!url.getScheme().equalsIgnoreCase(base.getScheme()) || !hostOf(url).equals(hostOf(base))
				|| port(url) != port(base)) {
			return "the outbound URL (" + url.getScheme() + "://" + bounded(url.getRawAuthority())
					+ ") leaves the connector's base URL " + base + "; scheme, host and port must stay the same";
		}
		String pathProblem = pathProblem(url.getRawPath());
		if (pathProblem != null) {
			return "the outbound URL is refused: " + pathProblem;
		}
		String basePath = trimSlash(base.getRawPath());
		String path = (url.getRawPath() != null) ? url.getRawPath() : "";
		if (!trimSlash(path).equals(basePath) && !path.startsWith(basePath + "/")) {
			return "the outbound URL is not under the connector's base path '" + basePath + "'";
		}
		return null;
	}

	/** Why a raw path is unsafe to send, or null. */
	static String pathProblem(String rawPath) {
		if (rawPath == null || rawPath.isEmpty()) {
			return null;
		}
		if (rawPath.indexOf('\\') >= 0) {
			return "the path contains a backslash";
		}
		String[] segments = rawPath.split("/", -1);
		for (int i = 1; i < segments.length; i++) {
			String raw = segments[i];
			if (raw.isEmpty() && i < segments.length - 1) {
				return "the path contains an empty segment ('//')";
			}
			String decoded = decode(raw);
			if (decoded == null) {
				return "the path contains a malformed percent-encoding";
			}
			if (decoded.contains("://")) {
				return "a path parameter carries a whole URL; pass an identifier instead";
			}
			if (decoded.equals(".") || decoded.equals("..")) {
				return "the path contains a '" + decoded + "' segment; parameters cannot move up the path";
			}
			if (decoded.indexOf('/') >= 0 || decoded.indexOf('\\') >= 0) {
				return "a path parameter contains an encoded '/' or '\\'; pass a single path segment";
			}
			if (DOUBLE_ENCODED.matcher(decoded).find()) {
				return "a path parameter is percent-encoded twice";
			}
			for (int c = 0; c < decoded.length(); c++) {
				if (decoded.charAt(c) < 0x20 || decoded.charAt(c) == 0x7f) {
					return "a path parameter contains a control character";
				}
			}
		}
		return null;
	}

	private static String decode(String raw) {
		if (raw.indexOf('%') < 0) {
			return raw;
		}
		byte[] out = new byte[raw.length()];
		int n = 0;
		for (int i = 0; i < raw.length(); i++) {
			char c = raw.charAt(i);
			if (c == '%') {
				if (i + 2 >= raw.length()) {
					return null;
				}
				int hi = Character.digit(raw.charAt(i + 1), 16);
				int lo = Character.digit(raw.charAt(i + 2), 16);
				if (hi < 0 || lo < 0) {
					return null;
				}
				out[n++] = (byte) ((hi << 4) | lo);
				i += 2;
			}
			else if (c < 0x80) {
				out[n++] = (byte) c;
			}
			else {
				// a raw non-ASCII character (URI "other" characters): not a dot, slash or
				// escape, so keeping a placeholder is enough for the checks
				out[n++] = (byte) '_';
			}
		}
		return new String(out, 0, n, StandardCharsets.UTF_8);
	}

	private static boolean isHttp(URI uri) {
		return uri.isAbsolute()
				&& ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()));
	}

	private static String hostOf(URI uri) {
		String host = uri.getHost().toLowerCase(Locale.ROOT);
		return (host.startsWith("[") && host.endsWith("]")) ? host.substring(1, host.length() - 1) : host;
	}

	private static int port(URI uri) {
		if (uri.getPort() >= 0) {
			return uri.getPort();
		}
		return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
	}

	private static String trimSlash(String path) {
		if (path == null) {
			return "";
		}
		return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
	}

	private static String bounded(String text) {
		return (text.length() <= 200) ? text : text.substring(0, 200) + "…";
	}

}
