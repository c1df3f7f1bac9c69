package io.quiver.edge.toolbox;

import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.edge.tool.Arguments;
import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneToolset;
import io.quiver.edge.tool.ToolSchema;
import io.quiver.query.toolbox.api.ToolboxEntryInput;
import org.springframework.stereotype.Component;

import static io.quiver.query.access.ControlPlaneOperation.TOOLBOXES_ADD_ENTRY;
import static io.quiver.query.access.ControlPlaneOperation.TOOLBOXES_CREATE;
import static io.quiver.query.access.ControlPlaneOperation.TOOLBOXES_DELETE;
import static io.quiver.query.access.ControlPlaneOperation.TOOLBOXES_GET;
import static io.quiver.query.access.ControlPlaneOperation.TOOLBOXES_GRANT;
import static io.quiver.query.access.ControlPlaneOperation.TOOLBOXES_LIST;
import static io.quiver.query.access.ControlPlaneOperation.TOOLBOXES_REMOVE_ENTRY;
import static io.quiver.query.access.ControlPlaneOperation.TOOLBOXES_REVOKE;
import static io.quiver.query.access.ControlPlaneOperation.TOOLBOXES_UPDATE_ENTRY;

/**
 * {@code quiver__toolboxes__*}: the MCP side of SPEC R13 {@code toolboxes}.
 */
@Component
class ToolboxTools implements ControlPlaneToolset {

	private static final String TOOLBOX = "The toolbox: its id (t-…) or its name.";

	private static final String ENTRY = "The entry: its id (e-…) or its advertised name.";

	private static final String TARGET = "Whom: role:{ROLE} (e.g. role:MEMBER) or user:{subject} (e.g. user:alice).";

	private final ToolboxService toolboxes;

	ToolboxTools(ToolboxService toolboxes) {
		this.toolboxes = toolboxes;
	}

	@Override
	public List<ControlPlaneTool> tools() {
		return List.of(
				new ControlPlaneTool(TOOLBOXES_LIST, "List toolboxes",
						"List toolboxes (curated bundles of connector operations) with entries and grants; members "
								+ "see the ones granted to them.",
						ToolSchema.object().build(), (caller, args) -> this.toolboxes.list(caller)),
				new ControlPlaneTool(TOOLBOXES_GET, "Get a toolbox", "Get one toolbox with its entries and grants.",
						ToolSchema.object().string("toolbox", TOOLBOX, true).build(),
						(caller, args) -> this.toolboxes.get(caller, Arguments.string(args, "toolbox"))),
				new ControlPlaneTool(TOOLBOXES_CREATE, "Create a toolbox",
						"Create a named toolbox. Its name prefixes its entries' tool names ({name}__{operation}) and "
								+ "shares a namespace with connection labels.",
						ToolSchema.object()
							.string("name", "A name: 1-30 of a-z, 0-9 and '-'.", true)
							.text("description", "What the toolbox is for.", 2000, false)
							.build(),
						(caller, args) -> this.toolboxes.create(caller, Arguments.string(args, "name"),
								Arguments.optionalString(args, "description"))),
				new ControlPlaneTool(TOOLBOXES_ADD_ENTRY, "Add a toolbox entry",
						"Add an operation to a toolbox, backed by one or more connections of its connector (several "
								+ "make one tool with a required 'connection' argument). Defaults apply first, the "
								+ "caller's arguments next, frozen values last; frozen keys are hidden from the tool.",
						entrySchema(true),
						(caller, args) -> this.toolboxes.addEntry(caller, Arguments.string(args, "toolbox"),
								entryInput(args))),
				new ControlPlaneTool(TOOLBOXES_UPDATE_ENTRY, "Update a toolbox entry",
						"Change an entry of a toolbox; fields not given keep their value.", entrySchema(false),
						(caller, args) -> this.toolboxes.updateEntry(caller, Arguments.string(args, "toolbox"),
								Arguments.string(args, "entry"), entryInput(args))),
				new ControlPlaneTool(TOOLBOXES_REMOVE_ENTRY, "Remove a toolbox entry",
						"Remove an entry from a toolbox.",
						ToolSchema.object().string("toolbox", TOOLBOX, true).string("entry", ENTRY, true).build(),
						(caller, args) -> this.toolboxes.removeEntry(caller, Arguments.string(args, "toolbox"),
								Arguments.string(args, "entry"))),
				new ControlPlaneTool(TOOLBOXES_GRANT, "Grant a toolbox",
						"Grant a toolbox to a role or a user; its entries become their tools on their next request.",
						ToolSchema.object().string("toolbox", TOOLBOX, true).string("target", TARGET, true).build(),
						(caller, args) -> this.toolboxes.grant(caller, Arguments.string(args, "toolbox"),
								Arguments.string(args, "target"))),
				new ControlPlaneTool(TOOLBOXES_REVOKE, "Revoke a toolbox",
						"Revoke a toolbox grant from a role or a user.",
						ToolSchema.object().string("toolbox", TOOLBOX, true).string("target", TARGET, true).build(),
						(caller, args) -> this.toolboxes.revoke(caller, Arguments.string(args, "toolbox"),
								Arguments.string(args, "target"))),
				new ControlPlaneTool(TOOLBOXES_DELETE, "Delete a toolbox",
						"Delete a toolbox with its entries and grants.",
						ToolSchema.object().string("toolbox", TOOLBOX, true).build(),
						(caller, args) -> this.toolboxes.delete(caller, Arguments.string(args, "toolbox"))));
	}

	private static ObjectNode entrySchema(boolean adding) {
		ToolSchema schema = ToolSchema.object().string("toolbox", TOOLBOX, true);
		if (!adding) {
			schema.string("entry", ENTRY, true);
		}
		return schema
			.string("operation", "The operation, written connector.operation (e.g. notion.search_pages).", adding)
			.strings("connections", "Connections backing it, by id or label, all of the operation's connector.", adding)
			.string("name", "The advertised tool name (default {toolbox}__{operation}).", false)
			.freeObject("defaults", "Argument values applied first; the caller may override them.", false)
			.freeObject("frozen", "Argument values applied last; hidden from the tool and never overridable.", false)
			.build();
	}

	private static ToolboxEntryInput entryInput(ObjectNode args) {
		return new ToolboxEntryInput(Arguments.optionalString(args, "operation"),
				Arguments.strings(args, "connections"), Arguments.optionalString(args, "name"),
				Arguments.object(args, "defaults"), Arguments.object(args, "frozen"));
	}

}
