package io.quiver.edge.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * What an upstream call gave back, already redacted (SPEC R7.7), ready to become a
 * {@code tools/call} result.
 *
 * @param content MCP content blocks
 * @param structuredContent the structured result (a JSON object), or null
 * @param isError whether the call failed (in band, R7.2)
 * @param reachedConnectionId the connection whose account the call actually reached
 * (R10.1); null when no request left Quiver or none got through to the upstream
 * @param reachedAccount that connection's label; null likewise
 * @param errorCode null on success; else an {@link UpstreamError} code, or
 * {@code upstream-4xx} when the upstream refused the request (see {@link UpstreamError})
 */
public record UpstreamResult(ArrayNode content, JsonNode structuredContent, boolean isError, String reachedConnectionId,
		String reachedAccount, String errorCode) {

	public UpstreamResult {
		content = (content != null) ? content : JsonNodeFactory.instance.arrayNode();
	}

	/** A failed call with one text block saying what happened and what to do. */
	public static UpstreamResult failure(UpstreamError error, String message, UpstreamCall call, boolean reached) {
		ArrayNode content = JsonNodeFactory.instance.arrayNode();
		content.addObject().put("type", "text").put("text", message);
		return new UpstreamResult(content, null, true, reached ? call.connectionId() : null,
				reached ? call.connectionLabel() : null, error.code());
	}

}
