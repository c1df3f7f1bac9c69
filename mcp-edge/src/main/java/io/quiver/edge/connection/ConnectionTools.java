package io.quiver.edge.connection;

import java.util.List;

import io.quiver.edge.tool.Arguments;
import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneToolset;
import io.quiver.edge.tool.ToolSchema;
import org.springframework.stereotype.Component;

import static io.quiver.query.access.ControlPlaneOperation.CONNECTIONS_CREATE;
import static io.quiver.query.access.ControlPlaneOperation.CONNECTIONS_DELETE;
import static io.quiver.query.access.ControlPlaneOperation.CONNECTIONS_GET;
import static io.quiver.query.access.ControlPlaneOperation.CONNECTIONS_LIST;
import static io.quiver.query.access.ControlPlaneOperation.CONNECTIONS_REFRESH;
import static io.quiver.query.access.ControlPlaneOperation.CONNECTIONS_RELABEL;
import static io.quiver.query.access.ControlPlaneOperation.CONNECTIONS_REVOKE_GRANT;

/**
 * {@code quiver__connections__*}: the MCP side of SPEC R13 {@code connections}.
 */
@Component
class ConnectionTools implements ControlPlaneToolset {

	private static final String CONNECTION = "The connection: its id (c-…) or its label (e.g. notion-legal).";

	private final ConnectionService connections;

	ConnectionTools(ConnectionService connections) {
		this.connections = connections;
	}

	@Override
	public List<ControlPlaneTool> tools() {
		return List.of(
				new ControlPlaneTool(CONNECTIONS_LIST, "List connections",
						"List connections (accounts on connected apps): yours, or every member's if your role manages "
								+ "them. Shows each grant's status and fingerprint, never a secret.",
						ToolSchema.object().build(), (caller, args) -> this.connections.list(caller)),
				new ControlPlaneTool(CONNECTIONS_GET, "Get a connection", "Get one connection by id or label.",
						ToolSchema.object().string("connection", CONNECTION, true).build(),
						(caller, args) -> this.connections.get(caller, Arguments.string(args, "connection"))),
				new ControlPlaneTool(CONNECTIONS_CREATE, "Connect an account",
						"Connect an account on a catalog connector under a label unique in the organisation (lower "
								+ "case, digits and '-', e.g. notion-legal). Its tools are then advertised as "
								+ "{label}__{operation}. The credential is stored encrypted and never shown again.",
						ToolSchema.object()
							.string("connector", "The connector id from the catalog (e.g. notion, github).", true)
							.string("label", "A label unique in the organisation: 1-30 of a-z, 0-9 and '-'.", true)
							.with("credential", ToolSchema.credential(), false)
							.string("owner", "Member id or subject who owns it (admins only; default: you).", false)
							.build(),
						(caller, args) -> this.connections.create(caller, Arguments.string(args, "connector"),
								Arguments.string(args, "label"), args.get("credential"),
								Arguments.optionalString(args, "owner"))),
				new ControlPlaneTool(CONNECTIONS_RELABEL, "Relabel a connection",
						"Give a connection a new label; its tools are advertised under the new name. Restrictions "
								+ "keep following the connection (they are pinned to it, not to the label).",
						ToolSchema.object()
							.string("connection", CONNECTION, true)
							.string("label", "The new label: 1-30 of a-z, 0-9 and '-'.", true)
							.build(),
						(caller, args) -> this.connections.relabel(caller, Arguments.string(args, "connection"),
								Arguments.string(args, "label"))),
				new ControlPlaneTool(CONNECTIONS_REFRESH, "Refresh a connection",
						"Re-import the tools of an MCP connection from its server; with a credential, replace the "
								+ "stored one (rotation, or a new grant after a revocation).",
						ToolSchema.object()
							.string("connection", CONNECTION, true)
							.with("credential", ToolSchema.credential(), false)
							.build(),
						(caller, args) -> this.connections.refresh(caller, Arguments.string(args, "connection"),
								args.get("credential"))),
				new ControlPlaneTool(CONNECTIONS_REVOKE_GRANT, "Revoke a connection's grant",
						"Revoke a connection's credential: it is erased and the connection's tools stop working on "
								+ "the next request until a new credential is stored with refresh.",
						ToolSchema.object().string("connection", CONNECTION, true).build(),
						(caller, args) -> this.connections.revokeGrant(caller, Arguments.string(args, "connection"))),
				new ControlPlaneTool(CONNECTIONS_DELETE, "Delete a connection",
						"Delete a connection: its tools disappear, its label is freed and its credential erased.",
						ToolSchema.object().string("connection", CONNECTION, true).build(),
						(caller, args) -> this.connections.delete(caller, Arguments.string(args, "connection"))));
	}

}
