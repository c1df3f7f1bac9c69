package io.quiver.query.gate.outbound;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.catalog.api.ParameterLocation;

/**
 * The final URL of an HTTP operation after substitution: the connector's base URL, the
 * operation's path template with each PATH argument percent-encoded as one path segment,
 * and the QUERY arguments. The outbound URL gate checks exactly this URL, and the HTTP
 * executor sends exactly this URL, so what is checked is what is sent.
 * <p>
 * Encoding keeps only RFC 3986 unreserved characters ({@code A-Z a-z 0-9 - . _ ~}), so a
 * value can never add a segment ({@code /}), start the query ({@code ?}) or fragment
 * ({@code #}), or pre-encode a character ({@code %}). A value of {@code .} or {@code ..}
 * stays a dot segment, which the gate refuses.
 */
public final class OutboundUrls {

	private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]+)}");

	private static final Set<String> METHODS_WITH_BODY = Set.of("POST", "PUT", "PATCH");

	private static final String BODY_PREFIX = "body_";

	private static final char[] HEX = "0123456789ABCDEF".toCharArray();

	private OutboundUrls() {
	}

	/**
	 * Builds the URL.
	 * @throws IllegalArgumentException when a path argument is missing, empty, or not a
	 * string, number or boolean, or the result is not a URL
	 */
	public static URI build(ConnectorDefinition connector, OperationDefinition operation, ObjectNode arguments) {
		String template = (operation.path() != null) ? operation.path() : "";
		String fixedQuery = null;
		int question = template.indexOf('?');
		if (question >= 0) {
			fixedQuery = template.substring(question + 1);
			template = template.substring(0, question);
		}
		StringBuilder path = new StringBuilder();
		Matcher matcher = PLACEHOLDER.matcher(template);
		int last = 0;
		while (matcher.find()) {
			path.append(template, last, matcher.start());
			path.append(encode(pathValue(operation, matcher.group(1), arguments)));
			last = matcher.end();
		}
		path.append(template.substring(last));

		StringBuilder query = new StringBuilder((fixedQuery != null) ? fixedQuery : "");
		if (arguments != null) {
			Iterator<Map.Entry<String, JsonNode>> fields = arguments.fields();
			while (fields.hasNext()) {
				Map.Entry<String, JsonNode> field = fields.next();
				if (locationOf(operation, field.getKey()) == ParameterLocation.QUERY) {
					appendQuery(query, field.getKey(), field.getValue());
				}
			}
		}
		String url = join(connector.baseUrl(), path.toString()) + ((query.length() > 0) ? "?" + query : "");
		try {
			return new URI(url);
		}
		catch (URISyntaxException ex) {
			throw new IllegalArgumentException(
					"operation '" + operation.name() + "' does not give a valid URL: " + ex.getReason());
		}
	}

	/**
	 * The name an argument travels under: its own, except a body argument {@code body_x}
	 * where {@code x} is a path, query or header parameter of the operation, which is the
	 * body property {@code x} (the OpenAPI importer's rule for name clashes).
	 */
	public static String wireName(OperationDefinition operation, String argument) {
		if (argument.startsWith(BODY_PREFIX) && locationOf(operation, argument) == ParameterLocation.BODY) {
			ParameterLocation clash = operation.parameters().get(argument.substring(BODY_PREFIX.length()));
			if (clash != null && clash != ParameterLocation.BODY) {
				return argument.substring(BODY_PREFIX.length());
			}
		}
		return argument;
	}

	/**
	 * Whether the operation declares the argument: a property of its input schema or one
	 * of its parameters (SPEC R7.8: an {@code http} operation passes on nothing else).
	 */
	public static boolean declares(OperationDefinition operation, String argument) {
		return operation.parameters().containsKey(argument)
				|| (operation.inputSchema() != null && operation.inputSchema().path("properties").has(argument));
	}

	/**
	 * Where an argument goes: its declared location, else the body for methods with a
	 * body and the query string otherwise (see {@link OperationDefinition#parameters()}).
	 */
	public static ParameterLocation locationOf(OperationDefinition operation, String argument) {
		ParameterLocation declared = operation.parameters().get(argument);
		if (declared != null) {
			return declared;
		}
		String method = (operation.method() != null) ? operation.method().toUpperCase(Locale.ROOT) : "GET";
		return METHODS_WITH_BODY.contains(method) ? ParameterLocation.BODY : ParameterLocation.QUERY;
	}

	/**
	 * Percent-encodes everything but the RFC 3986 unreserved characters, for a path
	 * segment or a query component.
	 */
	public static String encode(String value) {
		byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
		StringBuilder out = new StringBuilder(bytes.length);
		for (byte b : bytes) {
			int c = b & 0xff;
			if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
					|| c == '_' || c == '~') {
				out.append((char) c);
			}
			else {
				out.append('%').append(HEX[c >> 4]).append(HEX[c & 0x0f]);
			}
		}
		return out.toString();
	}

	/**
	 * Appends {@code key=value} pairs: arrays repeat the key, objects flatten to
	 * {@code key[sub]}, nulls are left out. Also used for form bodies.
	 */
	public static void appendQuery(StringBuilder out, String key, JsonNode value) {
		if (value == null || value.isNull() || value.isMissingNode()) {
			return;
		}
		if (value.isArray()) {
			for (JsonNode item : value) {
				appendQuery(out, key, item);
			}
			return;
		}
		if (value.isObject()) {
			Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
			while (fields.hasNext()) {
				Map.Entry<String, JsonNode> field = fields.next();
				appendQuery(out, key + "[" + field.getKey() + "]", field.getValue());
			}
			return;
		}
		if (out.length() > 0) {
			out.append('&');
		}
		out.append(encode(key)).append('=').append(encode(value.asText()));
	}

	private static String pathValue(OperationDefinition operation, String name, ObjectNode arguments) {
		JsonNode value = (arguments != null) ? arguments.get(name) : null;
		if (value == null || value.isNull()) {
			throw new IllegalArgumentException(
					"operation '" + operation.name() + "' needs the path argument '" + name + "'");
		}
		if (!value.isValueNode()) {
			throw new IllegalArgumentException(
					"path argument '" + name + "' must be a string or a number, not " + value.getNodeType());
		}
		String text = value.asText();
		if (text.isEmpty()) {
			throw new IllegalArgumentException("path argument '" + name + "' cannot be empty");
		}
		return text;
	}

	private static String join(String base, String path) {
		if (path.isEmpty()) {
			return base;
		}
		String left = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
		return left + (path.startsWith("/") ? path : "/" + path);
	}

}
