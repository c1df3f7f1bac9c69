package io.quiver.edge.mcp;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.http.HttpStatus;

/**
 * One request of the modern era (2026-07-28, SPEC R12.4): what its {@code _meta} declares
 * (protocol version, client capabilities, client info), checked against the HTTP headers
 * the transport mirrors them into. A refusal is the error the revision prescribes: 400
 * with -32602 for a missing or malformed {@code _meta}, -32020 for a header that is
 * missing or does not match the body, -32022 for a version this server does not serve.
 *
 * @param protocolVersion the version the request declares
 * @param capabilities the client's capabilities for this request (never inferred from an
 * earlier one)
 * @param clientInfo the client's self-description, or null
 */
record ModernRequest(String protocolVersion, ObjectNode capabilities, JsonNode clientInfo) {

	/**
	 * Methods whose {@code Mcp-Name} header mirrors {@code params.name} or
	 * {@code params.uri}.
	 */
	private static final Set<String> NAMED = Set.of("tools/call", "resources/read", "prompts/get");

	private static final String SENTINEL_PREFIX = "=?base64?";

	private static final String SENTINEL_SUFFIX = "?=";

	/**
	 * Whether a request is in the modern era: by its headers and the shape of its body.
	 */
	static boolean isModern(HttpServletRequest request, String method, ObjectNode params) {
		if (McpVersions.isModern(request.getHeader("MCP-Protocol-Version"))) {
			return true;
		}
		if (params.path("_meta").has(McpVersions.META_PROTOCOL_VERSION)) {
			return true;
		}
		return "server/discover".equals(method) || "subscriptions/listen".equals(method);
	}

	/**
	 * Reads and checks a modern request.
	 * @throws Refusal when the request is malformed for its era
	 */
	static ModernRequest read(HttpServletRequest request, String method, ObjectNode params) {
		JsonNode meta = params.get("_meta");
		if (meta == null || !meta.isObject()) {
			throw new Refusal(JsonRpc.INVALID_PARAMS, "Invalid params: a 2026-07-28 request carries _meta with "
					+ McpVersions.META_PROTOCOL_VERSION + " and " + McpVersions.META_CLIENT_CAPABILITIES, null);
		}
		JsonNode version = meta.get(McpVersions.META_PROTOCOL_VERSION);
		if (version == null || !version.isTextual()) {
			throw new Refusal(JsonRpc.INVALID_PARAMS,
					"Invalid params: _meta needs " + McpVersions.META_PROTOCOL_VERSION + " (a string)", null);
		}
		JsonNode capabilities = meta.get(McpVersions.META_CLIENT_CAPABILITIES);
		if (capabilities == null || !capabilities.isObject()) {
			throw new Refusal(JsonRpc.INVALID_PARAMS, "Invalid params: _meta needs "
					+ McpVersions.META_CLIENT_CAPABILITIES + " (an object; {} declares none)", null);
		}
		String header = header(request, "MCP-Protocol-Version");
		if (header == null) {
			throw mismatch("the MCP-Protocol-Version header is missing");
		}
		if (!header.equals(version.textValue())) {
			throw mismatch("MCP-Protocol-Version header '" + bounded(header) + "' does not match _meta "
					+ McpVersions.META_PROTOCOL_VERSION + " '" + bounded(version.textValue()) + "'");
		}
		if (!McpVersions.isModern(version.textValue())) {
			throw unsupported(version.textValue());
		}
		String methodHeader = header(request, "Mcp-Method");
		if (methodHeader == null) {
			throw mismatch("the Mcp-Method header is missing");
		}
		if (!methodHeader.equals(method)) {
			throw mismatch("Mcp-Method header '" + bounded(methodHeader) + "' does not match the body method '"
					+ bounded(method) + "'");
		}
		if (NAMED.contains(method)) {
			JsonNode name = "resources/read".equals(method) ? params.get("uri") : params.get("name");
			if (name != null && name.isTextual()) {
				String nameHeader = header(request, "Mcp-Name");
				if (nameHeader == null) {
					throw mismatch("the Mcp-Name header is missing");
				}
				String decoded = decode(nameHeader);
				if (!name.textValue().equals(decoded)) {
					throw mismatch("Mcp-Name header value '" + bounded(nameHeader) + "' does not match body value '"
							+ bounded(name.textValue()) + "'");
				}
			}
		}
		JsonNode clientInfo = meta.get(McpVersions.META_CLIENT_INFO);
		return new ModernRequest(version.textValue(), (ObjectNode) capabilities,
				(clientInfo != null && clientInfo.isObject()) ? clientInfo : null);
	}

	/**
	 * Whether the client declared a capability ({@code sampling}, {@code elicitation}).
	 */
	boolean declares(String capability) {
		return this.capabilities.hasNonNull(capability);
	}

	/** The refusal of an unsupported protocol version, listing the supported ones. */
	static Refusal unsupported(String requested) {
		ObjectNode data = JsonNodeFactory.instance.objectNode();
		McpVersions.SUPPORTED.forEach(data.putArray("supported")::add);
		data.put("requested", requested);
		return new Refusal(JsonRpc.UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version '" + bounded(requested)
				+ "'; this server supports " + String.join(", ", McpVersions.SUPPORTED), data);
	}

	private static Refusal mismatch(String detail) {
		return new Refusal(JsonRpc.HEADER_MISMATCH, "Header mismatch: " + detail, null);
	}

	/**
	 * A header's value with optional whitespace around it removed (RFC 9110 5.5); null
	 * when absent. A value with a control character is refused.
	 */
	private static String header(HttpServletRequest request, String name) {
		String value = request.getHeader(name);
		if (value == null) {
			return null;
		}
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if ((c < 0x20 && c != '\t') || c == 0x7F) {
				throw mismatch("the " + name + " header contains a control character");
			}
		}
		return value.strip();
	}

	/** Decodes the Base64 sentinel form {@code =?base64?...?=}; any other value as is. */
	private static String decode(String value) {
		if (value.length() >= SENTINEL_PREFIX.length() + SENTINEL_SUFFIX.length() && value.startsWith(SENTINEL_PREFIX)
				&& value.endsWith(SENTINEL_SUFFIX)) {
			String encoded = value.substring(SENTINEL_PREFIX.length(), value.length() - SENTINEL_SUFFIX.length());
			try {
				return new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
			}
			catch (IllegalArgumentException ex) {
				throw mismatch("the Mcp-Name header's Base64 value does not decode");
			}
		}
		for (int i = 0; i < value.length(); i++) {
			if (value.charAt(i) > 0x7E) {
				throw mismatch("the Mcp-Name header contains a character outside visible ASCII; send it Base64 "
						+ "encoded (=?base64?...?=)");
			}
		}
		return value;
	}

	private static String bounded(String value) {
		return (value.length() <= 80) ? value : value.substring(0, 80) + "…";
	}

	/** A request refused by the protocol, always HTTP 400 in the modern era. */
	static final class Refusal extends RuntimeException {

		private final int code;

		private final transient JsonNode data;

		Refusal(int code, String message, JsonNode data) {
			super(message, null, false, false);
			this.code = code;
			this.data = data;
		}

		int code() {
			return this.code;
		}

		JsonNode data() {
			return this.data;
		}

		HttpStatus status() {
			return HttpStatus.BAD_REQUEST;
		}

	}

}
