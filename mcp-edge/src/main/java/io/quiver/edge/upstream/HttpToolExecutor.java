package io.quiver.edge.upstream;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.BodyEncoding;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.catalog.api.ParameterLocation;
import io.quiver.command.connection.vault.Credential;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.edge.upstream.ResultRedactor.Redaction;
import io.quiver.query.gate.outbound.OutboundTarget;
import io.quiver.query.gate.outbound.OutboundUrlGate;
import io.quiver.query.gate.outbound.OutboundUrls;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Runs an operation of an {@code http} connector (SPEC R4.1, R7.6, R8.7).
 * <ul>
 * <li>Request: the URL from {@link OutboundUrls} (PATH and QUERY arguments), HEADER
 * arguments (a line break refuses the call), BODY arguments encoded per the operation
 * (JSON object; form fields flattened Stripe-style, {@code a[b]=c} and {@code a[0]=x};
 * GraphQL {@code {"query", "variables"}}), the connector's fixed headers, then the
 * credential, which no argument can override. A body argument named {@code body_x}, where
 * {@code x} is a path, query or header parameter of the operation, is the body property
 * {@code x} (the OpenAPI importer's rule for name clashes). Only declared parameters
 * arrive here (SPEC R7.8): the frozen-merge gate refused the caller's undeclared ones,
 * and a toolbox entry's defaults and frozen values were checked against the operation
 * when it was written.</li>
 * <li>Every hop is checked by the outbound URL gate immediately before connecting
 * (re-resolving the host); redirects are followed by hand, at most three, each
 * {@code Location} re-checked, so a redirect cannot leave the base URL or reach an
 * internal address.</li>
 * <li>Response: the body is read up to the organisation's bound and the whole call,
 * redirects included, within its timeout. A JSON object becomes {@code structuredContent}
 * (an array is wrapped as {@code {"items": [...]}}) plus a text block with the JSON;
 * other text becomes a text block. 4xx and 5xx are in-band errors with the status and a
 * bounded excerpt. Everything is redacted before it leaves.</li>
 * </ul>
 * Requests go through {@link OutboundHttp}, the JDK's {@code java.net.http.HttpClient}:
 * no extra dependency, HTTP/1.1 and HTTP/2, and timeouts, redirects and body bounds under
 * our control. Neither argument values nor results are logged.
 */
@Component
public class HttpToolExecutor implements ToolExecutor {

	private static final int MAX_REDIRECTS = 3;

	private static final int MAX_EXCERPT = 300;

	private static final Set<String> METHODS_WITH_BODY = Set.of("POST", "PUT", "PATCH");

	private static final ObjectMapper JSON = new ObjectMapper();

	private final OutboundHttp http;

	private final OutboundUrlGate gate;

	private final UpstreamExchange exchange;

	/** Pasted credentials only, without OAuth refresh (tests of the executor). */
	public HttpToolExecutor(OutboundHttp http, OutboundUrlGate gate, CredentialVault vault, ResultRedactor redactor) {
		this(http, gate, new UpstreamCredentials(vault), redactor);
	}

	@Autowired
	HttpToolExecutor(OutboundHttp http, OutboundUrlGate gate, UpstreamCredentials credentials,
			ResultRedactor redactor) {
		this.http = http;
		this.gate = gate;
		this.exchange = new UpstreamExchange(credentials, redactor);
	}

	@Override
	public UpstreamResult execute(UpstreamCall call) {
		return this.exchange.run(call, (credential, redaction) -> run(call, credential, redaction));
	}

	private UpstreamResult run(UpstreamCall call, Credential credential, Redaction redaction) {
		ConnectorDefinition connector = call.connector();
		OperationDefinition operation = call.operation();
		String account = "'" + call.connectionLabel() + "'";
		URI url;
		try {
			url = OutboundUrls.build(connector, operation, call.arguments());
		}
		catch (IllegalArgumentException ex) {
			throw new UpstreamFailure(UpstreamError.OUTBOUND_URL_REFUSED, ex.getMessage(), false);
		}
		String method = (operation.method() != null) ? operation.method().toUpperCase(Locale.ROOT) : "GET";
		Map<String, String> headers = headers(call, credential);
		Body body = body(operation, method, call.arguments());
		Deadline deadline = Deadline.in(call.policy().timeoutMillis());
		for (int hop = 0;; hop++) {
			OutboundTarget target = this.gate.inspect(connector, url);
			if (!target.allowed()) {
				String why = target.verdict().reason();
				if (target.unresolved()) {
					throw new UpstreamFailure(UpstreamError.UNREACHABLE, why, hop > 0);
				}
				throw new UpstreamFailure(UpstreamError.OUTBOUND_URL_REFUSED,
						(hop > 0) ? account + " redirected the call, and the redirect is refused: " + why : why,
						hop > 0);
			}
			OutboundHttp.Response response = this.http.send(request(url, method, headers, body, deadline),
					call.policy().maxResponseBytes(), deadline, account);
			int status = response.status();
			String location = response.headers().firstValue("Location").orElse(null);
			if (status >= 300 && status < 400 && status != 304 && location != null) {
				if (hop == MAX_REDIRECTS) {
					throw new UpstreamFailure(UpstreamError.TOO_MANY_REDIRECTS,
							account + " redirected more than " + MAX_REDIRECTS + " times", true);
				}
				try {
					url = url.resolve(location.trim());
				}
				catch (IllegalArgumentException ex) {
					throw new UpstreamFailure(UpstreamError.MALFORMED, account + " redirected to an invalid URL", true);
				}
				if (status == 303
						|| ((status == 301 || status == 302) && !method.equals("GET") && !method.equals("HEAD"))) {
					method = "GET";
					body = Body.NONE;
				}
				continue;
			}
			return interpret(call, response, redaction);
		}
	}

	private static HttpRequest request(URI url, String method, Map<String, String> headers, Body body,
			Deadline deadline) {
		try {
			HttpRequest.Builder builder = HttpRequest.newBuilder(url)
				.timeout(deadline.remaining())
				.method(method, (body.bytes() != null) ? HttpRequest.BodyPublishers.ofByteArray(body.bytes())
						: HttpRequest.BodyPublishers.noBody());
			headers.forEach(builder::setHeader);
			if (body.contentType() != null) {
				builder.setHeader("Content-Type", body.contentType());
			}
			return builder.build();
		}
		catch (IllegalArgumentException ex) {
			throw new UpstreamFailure(UpstreamError.REQUEST_REFUSED,
					"the request has a header the HTTP client refuses to send (a protocol header such as Host); "
							+ "check the connector's headers and header parameters",
					false);
		}
	}

	/** Fixed headers, then header arguments, then the credential, each overriding. */
	private static Map<String, String> headers(UpstreamCall call, Credential credential) {
		Map<String, String> headers = new LinkedHashMap<>();
		headers.put("Accept", "application/json, text/plain;q=0.9, */*;q=0.8");
		headers.put("User-Agent", "Quiver");
		headers.putAll(call.connector().headers());
		if (call.arguments() != null) {
			Iterator<Map.Entry<String, JsonNode>> fields = call.arguments().fields();
			while (fields.hasNext()) {
				Map.Entry<String, JsonNode> field = fields.next();
				if (OutboundUrls.locationOf(call.operation(), field.getKey()) != ParameterLocation.HEADER
						|| field.getValue().isNull()) {
					continue;
				}
				String value = field.getValue().isValueNode() ? field.getValue().asText() : field.getValue().toString();
				if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0 || value.indexOf(0) >= 0) {
					throw new UpstreamFailure(UpstreamError.REQUEST_REFUSED,
							"header argument '" + field.getKey() + "' contains a line break; pass a single line",
							false);
				}
				headers.put(field.getKey(), value);
			}
		}
		if (credential != null) {
			credential.httpHeaders().forEach((name, value) -> {
				headers.keySet().removeIf((existing) -> existing.equalsIgnoreCase(name));
				headers.put(name, value);
			});
		}
		return headers;
	}

	private static Body body(OperationDefinition operation, String method, ObjectNode arguments) {
		ObjectNode fields = JsonNodeFactory.instance.objectNode();
		if (arguments != null) {
			Iterator<Map.Entry<String, JsonNode>> it = arguments.fields();
			while (it.hasNext()) {
				Map.Entry<String, JsonNode> field = it.next();
				if (OutboundUrls.locationOf(operation, field.getKey()) == ParameterLocation.BODY) {
					fields.set(OutboundUrls.wireName(operation, field.getKey()), field.getValue());
				}
			}
		}
		BodyEncoding encoding = operation.bodyEncoding();
		if (encoding == BodyEncoding.GRAPHQL) {
			ObjectNode request = JsonNodeFactory.instance.objectNode();
			request.put("query", operation.graphqlQuery());
			request.set("variables", fields);
			return new Body(utf8(request.toString()), "application/json");
		}
		if (fields.isEmpty() && !METHODS_WITH_BODY.contains(method)) {
			return Body.NONE;
		}
		if (encoding == BodyEncoding.FORM) {
			StringBuilder form = new StringBuilder();
			fields.fields().forEachRemaining((field) -> appendForm(form, field.getKey(), field.getValue()));
			return new Body(utf8(form.toString()), "application/x-www-form-urlencoded");
		}
		return new Body(utf8(fields.toString()), "application/json");
	}

	/**
	 * Stripe-style form fields: {@code a[b]=c}, arrays {@code a[0]=x}; nulls left out.
	 */
	static void appendForm(StringBuilder out, String key, JsonNode value) {
		if (value == null || value.isNull()) {
			return;
		}
		if (value.isArray()) {
			for (int i = 0; i < value.size(); i++) {
				appendForm(out, key + "[" + i + "]", value.get(i));
			}
			return;
		}
		if (value.isObject()) {
			value.fields()
				.forEachRemaining((field) -> appendForm(out, key + "[" + field.getKey() + "]", field.getValue()));
			return;
		}
		if (out.length() > 0) {
			out.append('&');
		}
		out.append(OutboundUrls.encode(key)).append('=').append(OutboundUrls.encode(value.asText()));
	}

	private static UpstreamResult interpret(UpstreamCall call, OutboundHttp.Response response, Redaction redaction) {
		int status = response.status();
		String account = "'" + call.connectionLabel() + "'";
		if (status >= 400) {
			String excerpt = excerpt(response, redaction);
			if (status >= 500) {
				throw new UpstreamFailure(UpstreamError.SERVER_ERROR, account + " failed with HTTP " + status
						+ "; try again later." + (excerpt.isEmpty() ? "" : " Upstream said: " + excerpt), true);
			}
			throw new UpstreamFailure(UpstreamError.CLIENT_ERROR, account + " refused the request with HTTP " + status
					+ hint(response) + (excerpt.isEmpty() ? "" : " Upstream said: " + excerpt), true);
		}
		if (status < 200 || status >= 300) {
			throw new UpstreamFailure(UpstreamError.MALFORMED,
					account + " answered HTTP " + status + ", which is not a result", true);
		}
		byte[] body = response.body();
		String contentType = response.contentType().toLowerCase(Locale.ROOT);
		if (body.length == 0) {
			return success(call, text(account + " answered HTTP " + status + " with no content."), null);
		}
		if (isBinary(contentType)) {
			return success(call, text(account + " answered " + body.length + " bytes of " + contentType
					+ "; binary content is not passed on."), null);
		}
		String text = new String(body, charset(contentType));
		boolean declaredJson = contentType.contains("json");
		String trimmed = text.trim();
		if (declaredJson || trimmed.startsWith("{") || trimmed.startsWith("[")) {
			try {
				JsonNode parsed = JSON.readTree(text);
				JsonNode redacted = redaction.json(parsed);
				JsonNode structured = redacted.isObject() ? redacted
						: redacted.isArray() ? JsonNodeFactory.instance.objectNode().set("items", redacted) : null;
				// The text block is the structured content serialized (MCP: the same
				// JSON both ways), so an array reads {"items": [...]} in both.
				return success(call, text(((structured != null) ? structured : redacted).toString()), structured);
			}
			catch (JsonProcessingException ex) {
				if (declaredJson) {
					throw new UpstreamFailure(UpstreamError.MALFORMED,
							account + " declared a JSON answer but sent invalid JSON", true);
				}
			}
		}
		return success(call, text(redaction.text(text)), null);
	}

	private static UpstreamResult success(UpstreamCall call, ArrayNode content, JsonNode structured) {
		return new UpstreamResult(content, structured, false, call.connectionId(), call.connectionLabel(), null);
	}

	private static ArrayNode text(String text) {
		ArrayNode content = JsonNodeFactory.instance.arrayNode();
		content.addObject().put("type", "text").put("text", text);
		return content;
	}

	private static String hint(OutboundHttp.Response response) {
		return switch (response.status()) {
			case 401, 403 -> ": the connection's credential was refused or lacks the rights; its owner can store a "
					+ "new credential.";
			case 404 -> ": not found; check the identifiers.";
			case 429 -> ": rate limited; retry later" + response.headers()
				.firstValue("Retry-After")
				.map((after) -> " (Retry-After: " + bounded(after, 40) + ")")
				.orElse("") + ".";
			default -> ": check the arguments.";
		};
	}

	/** The start of an error body, redacted before it is cut, on one line. */
	private static String excerpt(OutboundHttp.Response response, Redaction redaction) {
		if (response.body().length == 0 || isBinary(response.contentType().toLowerCase(Locale.ROOT))) {
			return "";
		}
		String text = new String(response.body(), charset(response.contentType().toLowerCase(Locale.ROOT)));
		return bounded(redaction.text(text).replaceAll("\\s+", " ").trim(), MAX_EXCERPT);
	}

	private static boolean isBinary(String contentType) {
		return contentType.startsWith("image/") || contentType.startsWith("audio/") || contentType.startsWith("video/")
				|| contentType.startsWith("application/octet-stream") || contentType.startsWith("application/pdf")
				|| contentType.startsWith("application/zip");
	}

	private static Charset charset(String contentType) {
		int at = contentType.indexOf("charset=");
		if (at >= 0) {
			String name = contentType.substring(at + 8).split("[;, ]")[0].replace("\"", "");
			try {
				return Charset.forName(name);
			}
			catch (IllegalArgumentException ex) {
				return StandardCharsets.UTF_8;
			}
		}
		return StandardCharsets.UTF_8;
	}

	static String bounded(String text, int max) {
		return (text.length() <= max) ? text : text.substring(0, max) + "…";
	}

	private static byte[] utf8(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	private record Body(byte[] bytes, String contentType) {

		static final Body NONE = new Body(null, null);

	}

}
