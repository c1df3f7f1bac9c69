package io.quiver.edge.client;

import java.util.List;
import java.util.Map;

import io.quiver.edge.tool.Arguments;
import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneToolset;
import io.quiver.edge.tool.ToolSchema;
import org.springframework.stereotype.Component;

import static io.quiver.query.access.ControlPlaneOperation.CLIENTS_LIST;
import static io.quiver.query.access.ControlPlaneOperation.CLIENTS_REVOKE;

/**
 * {@code quiver__clients__*}: the MCP side of SPEC R13 {@code clients}.
 */
@Component
class ClientTools implements ControlPlaneToolset {

	private final ClientService clients;

	ClientTools(ClientService clients) {
		this.clients = clients;
	}

	@Override
	public List<ControlPlaneTool> tools() {
		return List.of(new ControlPlaneTool(CLIENTS_LIST, "List connected AI clients",
				"The AI clients (Claude, VS Code, …) that signed in to Quiver for you, or for every member if your "
						+ "role may see them: client, member, since when, scopes, last used.",
				ToolSchema.object().string("member", "Only this member's (id or subject).", false).build(),
				(caller, args) -> Map.of("clients",
						this.clients.list(caller, Arguments.optionalString(args, "member")))),
				new ControlPlaneTool(CLIENTS_REVOKE, "Revoke a connected AI client",
						"Disconnect an AI client: its tokens stop working on its next request. client is the "
								+ "consentId from quiver__clients__list, or a client id (then yours, or member's; "
								+ "member * for every member).",
						ToolSchema.object()
							.string("client", "The consentId, or the client id.", true)
							.string("member", "Whose (id or subject; * for every member).", false)
							.build(),
						(caller, args) -> Map.of("revoked", this.clients.revoke(caller,
								Arguments.string(args, "client"), Arguments.optionalString(args, "member")))));
	}

}
