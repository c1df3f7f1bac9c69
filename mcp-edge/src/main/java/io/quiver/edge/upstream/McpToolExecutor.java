package io.quiver.edge.upstream;

import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.quiver.command.connection.vault.Credential;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.edge.upstream.ResultRedactor.Redaction;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Runs a tool of an {@code mcp} connector: proxies {@code tools/call} to the upstream
 * server with the connection's credential and passes back its {@code content},
 * {@code structuredContent} and {@code isError}, redacted (SPEC R7.6, R7.7). A tool
 * reporting its own error comes back with {@code isError} and the code
 * {@code upstream-tool-error}; transport and protocol problems as for HTTP connectors. A
 * tool the server offers only to clients that can be asked for sampling or elicitation is
 * refused in band when the caller declared neither (SPEC R12.7). Reads the resources its
 * tools link to, likewise (SPEC R12.8).
 */
@Component
public class McpToolExecutor implements ToolExecutor {

	private final McpUpstreamClient client;

	private final UpstreamExchange exchange;

	/** Pasted credentials only, without OAuth refresh (tests of the executor). */
	public McpToolExecutor(McpUpstreamClient client, CredentialVault vault, ResultRedactor redactor) {
		this(client, new UpstreamCredentials(vault), redactor);
	}

	@Autowired
	McpToolExecutor(McpUpstreamClient client, UpstreamCredentials credentials, ResultRedactor redactor) {
		this.client = client;
		this.exchange = new UpstreamExchange(credentials, redactor);
	}

	@Override
	public UpstreamResult execute(UpstreamCall call) {
		Set<String> needed = call.operation().clientCapabilities();
		if (!call.relay().clientCapabilities().containsAll(needed)) {
			return UpstreamResult.failure(UpstreamError.CAPABILITY_MISSING, "'" + call.operation().name() + "' of '"
					+ call.connectionLabel() + "' asks its client for " + String.join(" and ", new TreeSet<>(needed))
					+ " while it runs, which your client did not declare (in initialize, with a session); nothing "
					+ "was called. Use a client that supports it.", call, false);
		}
		return exchange(call,
				(credential, scope) -> this.client.callTool(call.connector(), scope, credential,
						call.operation().name(), call.arguments(), call.policy(), "'" + call.connectionLabel() + "'",
						call.relay()),
				(result, redaction) -> toResult(call, result, redaction));
	}

	/**
	 * Reads the resource a {@code resource_link} of one of the connection's tools named
	 * ({@code resources/read}, SPEC R12.8); its {@code contents}, redacted, come back as
	 * the result's content.
	 */
	@Override
	public UpstreamResult readResource(UpstreamCall call, String uri) {
		return exchange(
				call, (credential, scope) -> this.client.readResource(call.connector(), scope, credential, uri,
						call.policy(), "'" + call.connectionLabel() + "'"),
				(result, redaction) -> contents(call, result, redaction));
	}

	/**
	 * One request to the upstream with the connection's credential, its answer redacted,
	 * and every failure in band.
	 */
	private UpstreamResult exchange(UpstreamCall call, BiFunction<Credential, String, JsonNode> request,
			BiFunction<JsonNode, Redaction, UpstreamResult> answer) {
		String scope = call.connectionId() + "/" + ((call.grant() != null) ? call.grant().fingerprint() : "-");
		return this.exchange.run(call,
				(credential, redaction) -> answer.apply(request.apply(credential, scope), redaction));
	}

	private static UpstreamResult contents(UpstreamCall call, JsonNode result, Redaction redaction) {
		JsonNode contents = result.get("contents");
		if (contents == null || !contents.isArray()) {
			throw new UpstreamFailure(UpstreamError.MALFORMED,
					"'" + call.connectionLabel() + "' answered resources/read without a contents array", true);
		}
		return new UpstreamResult((ArrayNode) redaction.json(contents), null, false, call.connectionId(),
				call.connectionLabel(), null);
	}

	private static UpstreamResult toResult(UpstreamCall call, JsonNode result, Redaction redaction) {
		JsonNode content = result.get("content");
		if (content == null || !content.isArray()) {
			throw new UpstreamFailure(UpstreamError.MALFORMED,
					"'" + call.connectionLabel() + "' answered tools/call without a content array", true);
		}
		JsonNode structured = result.get("structuredContent");
		structured = (structured != null && structured.isObject()) ? redaction.json(structured) : null;
		boolean isError = result.path("isError").asBoolean(false);
		return new UpstreamResult((ArrayNode) redaction.json(content), structured, isError, call.connectionId(),
				call.connectionLabel(), isError ? UpstreamError.TOOL_ERROR.code() : null);
	}

}
