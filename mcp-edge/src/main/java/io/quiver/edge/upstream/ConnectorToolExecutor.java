package io.quiver.edge.upstream;

import org.springframework.context.annotation.Primary;
import org.springframework.stereotype.Component;

/**
 * The executor the call pipeline uses: hands each call to the executor of its connector's
 * kind.
 */
@Primary
@Component
public class ConnectorToolExecutor implements ToolExecutor {

	private final HttpToolExecutor http;

	private final McpToolExecutor mcp;

	public ConnectorToolExecutor(HttpToolExecutor http, McpToolExecutor mcp) {
		this.http = http;
		this.mcp = mcp;
	}

	@Override
	public UpstreamResult execute(UpstreamCall call) {
		return switch (call.connector().kind()) {
			case HTTP -> this.http.execute(call);
			case MCP -> this.mcp.execute(call);
		};
	}

	@Override
	public UpstreamResult readResource(UpstreamCall call, String uri) {
		return switch (call.connector().kind()) {
			case HTTP -> this.http.readResource(call, uri);
			case MCP -> this.mcp.readResource(call, uri);
		};
	}

}
