package io.quiver.edge.call;

import java.util.Map;

import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.edge.upstream.ToolExecutor;
import io.quiver.edge.upstream.UpstreamCall;
import io.quiver.edge.upstream.UpstreamError;
import io.quiver.edge.upstream.UpstreamResult;
import org.springframework.stereotype.Component;

/**
 * Hands a decided connected-tool call to the executor of its connector's kind.
 */
@Component
class ConnectedToolRunner {

	private final Map<String, ToolExecutor> executors;

	ConnectedToolRunner(Map<String, ToolExecutor> executors) {
		this.executors = executors;
	}

	UpstreamResult run(UpstreamCall call) {
		String bean = (call.connector().kind() == ConnectorKind.MCP) ? "mcpToolExecutor" : "httpToolExecutor";
		ToolExecutor executor = this.executors.get(bean);
		if (executor == null) {
			return UpstreamResult.failure(UpstreamError.values()[0],
					"connection '" + call.connectionLabel() + "': no executor for " + call.connector().kind(), call,
					false);
		}
		return executor.execute(call);
	}

}
