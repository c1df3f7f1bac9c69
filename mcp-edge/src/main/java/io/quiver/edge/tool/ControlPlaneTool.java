package io.quiver.edge.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;

/**
 * A control-plane operation as an MCP tool (SPEC R13): its name comes from the operation,
 * it has a title, a description a model can act on and a precise input schema, and it
 * invokes the same application service as the REST endpoint.
 *
 * @param operation the operation (name, classification, permissions)
 * @param title short human title
 * @param description what it does and when to use it
 * @param inputSchema the JSON Schema of its arguments
 * @param invoker calls the application service and returns the view to answer with
 */
public record ControlPlaneTool(ControlPlaneOperation operation, String title, String description,
		ObjectNode inputSchema, Invoker invoker) {

	/**
	 * Calls the application service; refusals are thrown as
	 * {@code CommandRejectedException}.
	 */
	@FunctionalInterface
	public interface Invoker {

		Object invoke(Caller caller, ObjectNode arguments);

	}

}
