package io.quiver.edge.upstream;

import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.quiver.command.connection.vault.Credential;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.edge.upstream.ResultRedactor.Redaction;
import io.quiver.query.support.CallerText;
import io.quiver.query.support.DatabaseFailures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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

	private static final Logger log = LoggerFactory.getLogger(McpToolExecutor.class);

	private final McpUpstreamClient client;

	private final UpstreamCredentials credentials;

	private final ResultRedactor redactor;

	public McpToolExecutor(McpUpstreamClient client, CredentialVault vault, ResultRedactor redactor) {
		this(client, new UpstreamCredentials(vault), redactor);
	}

	@Autowired
	McpToolExecutor(McpUpstreamClient client, UpstreamCredentials credentials, ResultRedactor redactor) {
		this.client = client;
		this.credentials = credentials;
		this.redactor = redactor;
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
		Redaction redaction = this.redactor.forCredential(null);
		try {
			Credential credential = this.credentials.read(call);
			redaction = this.redactor.forCredential(credential);
			String scope = call.connectionId() + "/" + ((call.grant() != null) ? call.grant().fingerprint() : "-");
			return answer.apply(request.apply(credential, scope), redaction);
		}
		catch (UpstreamFailure failure) {
			return UpstreamResult.failure(failure.error(), failure.inBandMessage(call, redaction), call,
					failure.reached());
		}
		catch (RuntimeException ex) {
			if (DatabaseFailures.unavailable(ex)) {
				// the credential could not be read: the pipeline answers it (R7.9)
				throw ex;
			}
			// the class only: a message could quote the upstream's answer (R10.2)
			log.warn("Unexpected {} calling {}.{}", ex.getClass().getName(), CallerText.log(call.connector().id()),
					CallerText.log(call.operation().name()));
			return UpstreamResult.failure(UpstreamError.MALFORMED,
					"Call to '" + call.connectionLabel()
							+ "' failed: its answer could not be handled; try again, or report it if it persists",
					call, false);
		}
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
