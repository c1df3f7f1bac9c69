package io.quiver.edge.upstream;

/**
 * Runs one connected tool call upstream, after every gate said yes (SPEC R7.1: execute,
 * then redact). Upstream problems come back in band as an {@link UpstreamResult} with
 * {@code isError} and an error code; an implementation throws for none of them.
 */
public interface ToolExecutor {

	UpstreamResult execute(UpstreamCall call);

	/**
	 * Reads the resource a {@code resource_link} returned by one of the call's
	 * connector's tools named (SPEC R12.8); its contents come back as the result's
	 * content. Only MCP servers return resource links: other connectors read none.
	 */
	default UpstreamResult readResource(UpstreamCall call, String uri) {
		return UpstreamResult.failure(UpstreamError.MALFORMED,
				"'" + call.connectionLabel() + "' serves no resources; nothing was read", call, false);
	}

}
