package io.quiver.edge.upstream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.connection.api.GrantReference;
import io.quiver.command.organization.api.OutboundPolicy;

/**
 * One connected tool call as the pipeline hands it to a {@link ToolExecutor}.
 *
 * @param orgId the caller's organisation; the credential must belong to it
 * @param connector the connector of the operation
 * @param operation the operation to run
 * @param connectionId the connection whose account is used
 * @param connectionLabel the connection's label, named in error messages
 * @param grant the connection's credential reference; null means no credential
 * @param arguments the arguments, already validated and merged (defaults, caller, frozen)
 * @param policy the organisation's timeout and response size bounds
 * @param relay what the call relays between its caller and the upstream (progress,
 * cancellation, capabilities, requests of the upstream)
 */
public record UpstreamCall(String orgId, ConnectorDefinition connector, OperationDefinition operation,
		String connectionId, String connectionLabel, GrantReference grant, ObjectNode arguments, OutboundPolicy policy,
		CallRelay relay) {

	public UpstreamCall {
		if (orgId == null || connector == null || operation == null || connectionId == null) {
			throw new IllegalArgumentException(
					"an upstream call needs an organisation, a connector, an operation " + "and a connection");
		}
		connectionLabel = (connectionLabel != null) ? connectionLabel : connectionId;
		policy = (policy != null) ? policy : OutboundPolicy.DEFAULT;
		relay = (relay != null) ? relay : CallRelay.NONE;
	}

}
