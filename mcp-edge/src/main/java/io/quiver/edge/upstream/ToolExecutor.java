package io.quiver.edge.upstream;

/**
 * Runs one connected tool call upstream, after every gate said yes (SPEC R7.1: execute,
 * then redact). Upstream problems come back in band as an {@link UpstreamResult} with
 * {@code isError} and an error code; an implementation throws for none of them.
 */
public interface ToolExecutor {

	UpstreamResult execute(UpstreamCall call);

}
