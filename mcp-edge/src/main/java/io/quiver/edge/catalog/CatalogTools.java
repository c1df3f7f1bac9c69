package io.quiver.edge.catalog;

import java.util.List;

import io.quiver.edge.tool.Arguments;
import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneToolset;
import io.quiver.edge.tool.ToolSchema;
import org.springframework.stereotype.Component;

import static io.quiver.query.access.ControlPlaneOperation.CATALOG_BROWSE;
import static io.quiver.query.access.ControlPlaneOperation.CATALOG_GET;
import static io.quiver.query.access.ControlPlaneOperation.CATALOG_REGISTER;
import static io.quiver.query.access.ControlPlaneOperation.CATALOG_SET_OAUTH_CLIENT;
import static io.quiver.query.access.ControlPlaneOperation.CATALOG_UNREGISTER;

/**
 * {@code quiver__catalog__*}: the MCP side of SPEC R13 {@code catalog}.
 */
@Component
class CatalogTools implements ControlPlaneToolset {

	private final CatalogService catalog;

	CatalogTools(CatalogService catalog) {
		this.catalog = catalog;
	}

	@Override
	public List<ControlPlaneTool> tools() {
		return List.of(new ControlPlaneTool(CATALOG_BROWSE, "Browse the catalog",
				"List the connectors (apps) you can connect, curated and registered, optionally matching "
						+ "words of a query.",
				ToolSchema.object().text("query", "Words to match in id, label or description.", 200, false).build(),
				(caller, args) -> this.catalog.browse(caller, Arguments.optionalString(args, "query"))),
				new ControlPlaneTool(CATALOG_GET, "Get a connector",
						"Get one connector with its operations (name, description, method, path, input schema, "
								+ "classification).",
						ToolSchema.object().string("connector", "The connector id (e.g. notion).", true).build(),
						(caller, args) -> this.catalog.get(caller, Arguments.string(args, "connector"))),
				new ControlPlaneTool(CATALOG_REGISTER, "Register a connector",
						"Register a custom connector: kind http from an OpenAPI 3 document (operationIds become "
								+ "operations), or kind mcp from an MCP server URL (its tools are imported per connection).",
						ToolSchema.object()
							.string("id", "A new connector id: lower-case letters, digits and '-'.", true)
							.string("label", "Display label (e.g. Acme CRM).", true)
							.choice("kind", "http or mcp.", List.of("http", "mcp"), true)
							.string("url", "For mcp: the server's Streamable HTTP URL.", false)
							.string("openapi", "For http: the OpenAPI 3 document (JSON or YAML text).", false)
							.bool("allowPrivateNetwork",
									"Let it reach private, loopback or link-local addresses (admins only; default false).",
									false)
							.build(),
						(caller, args) -> this.catalog.register(caller, Arguments.string(args, "id"),
								Arguments.string(args, "label"), Arguments.string(args, "kind"),
								Arguments.optionalString(args, "url"), Arguments.optionalString(args, "openapi"),
								Arguments.flag(args, "allowPrivateNetwork"))),
				new ControlPlaneTool(CATALOG_SET_OAUTH_CLIENT, "Set a connector's OAuth client",
						"Set the organisation's OAuth client of a connector that connects by OAuth: the client id "
								+ "and secret the provider gave when Quiver was registered there as an app (its "
								+ "redirect URI is answered). Members then connect with quiver__connections__create "
								+ "without a credential. The secret is stored encrypted and never shown again.",
						ToolSchema.object()
							.string("connector", "The connector id (e.g. linear).", true)
							.string("clientId", "The OAuth client id the provider gave.", true)
							.string("clientSecret", "The client secret (omit for a public client).", false)
							.build(),
						(caller, args) -> this.catalog.setOAuthClient(caller, Arguments.string(args, "connector"),
								Arguments.string(args, "clientId"), Arguments.optionalString(args, "clientSecret"))),
				new ControlPlaneTool(CATALOG_UNREGISTER, "Unregister a connector",
						"Remove a registered connector; refused while connections use it. Curated ones stay.",
						ToolSchema.object().string("connector", "The connector id.", true).build(),
						(caller, args) -> this.catalog.unregister(caller, Arguments.string(args, "connector"))));
	}

}
