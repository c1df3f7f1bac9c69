package io.quiver.edge.restriction;

import java.util.List;

import io.quiver.edge.tool.Arguments;
import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneToolset;
import io.quiver.edge.tool.ToolSchema;
import io.quiver.query.restriction.api.RestrictionInput;
import org.springframework.stereotype.Component;

import static io.quiver.query.access.ControlPlaneOperation.RESTRICTIONS_CREATE;
import static io.quiver.query.access.ControlPlaneOperation.RESTRICTIONS_DELETE;
import static io.quiver.query.access.ControlPlaneOperation.RESTRICTIONS_EFFECTIVE;
import static io.quiver.query.access.ControlPlaneOperation.RESTRICTIONS_EXPLAIN;
import static io.quiver.query.access.ControlPlaneOperation.RESTRICTIONS_GET;
import static io.quiver.query.access.ControlPlaneOperation.RESTRICTIONS_HISTORY;
import static io.quiver.query.access.ControlPlaneOperation.RESTRICTIONS_LIST;
import static io.quiver.query.access.ControlPlaneOperation.RESTRICTIONS_UPDATE;

/**
 * {@code quiver__restrictions__*}: the MCP side of SPEC R13 {@code restrictions}.
 */
@Component
class RestrictionTools implements ControlPlaneToolset {

	private static final String TARGET = "role:{ROLE} (e.g. role:MEMBER) or user:{subject} (e.g. user:alice).";

	private static final String ITEMS = "Items: connector:{id} (e.g. connector:notion) or tool:{advertised name} "
			+ "(e.g. tool:notion-legal__search_pages) or tool:{connector.operation} (e.g. tool:notion.delete_page); "
			+ "pinned to the catalog when written.";

	private static final String AT = "An instant in ISO-8601 UTC (e.g. 2026-11-30T10:00:00Z) to answer as of then; "
			+ "now if absent.";

	private final RestrictionService restrictions;

	private final ComplianceService compliance;

	RestrictionTools(RestrictionService restrictions, ComplianceService compliance) {
		this.restrictions = restrictions;
		this.compliance = compliance;
	}

	@Override
	public List<ControlPlaneTool> tools() {
		return List.of(
				new ControlPlaneTool(RESTRICTIONS_LIST, "List restrictions",
						"List restrictions (allow and block rules for a role or a user), optionally of one target.",
						ToolSchema.object().string("target", TARGET, false).build(),
						(caller, args) -> this.restrictions.list(caller, Arguments.optionalString(args, "target"))),
				new ControlPlaneTool(RESTRICTIONS_GET, "Get a restriction",
						"Get one restriction with its pinned items.",
						ToolSchema.object().string("restriction", "The restriction id (r-…).", true).build(),
						(caller, args) -> this.restrictions.get(caller, Arguments.string(args, "restriction"))),
				new ControlPlaneTool(RESTRICTIONS_CREATE, "Create a restriction",
						"Restrict what a role or a user reaches of connected tools. No rule means everything is "
								+ "allowed; a user's restrictions replace their role's; within them allows and blocks "
								+ "each add up and blocks win. Giving 'allow' at all engages an allowlist: an empty "
								+ "allow list denies everything. Blocks match names or pins, allows pins only.",
						ToolSchema.object()
							.string("target", TARGET, true)
							.nullableStrings("allow", "Allow items; absent or null: no allowlist. " + ITEMS)
							.strings("block", "Block items. " + ITEMS, false)
							.build(),
						(caller, args) -> this.restrictions.create(caller, RestrictionInput.forCreate(args))),
				new ControlPlaneTool(RESTRICTIONS_UPDATE, "Update a restriction",
						"Replace a restriction's allow or block items; a field left out keeps its items, allow: null "
								+ "removes the allowlist.",
						ToolSchema.object()
							.string("restriction", "The restriction id (r-…).", true)
							.nullableStrings("allow", "Allow items, or null for no allowlist. " + ITEMS)
							.strings("block", "Block items. " + ITEMS, false)
							.build(),
						(caller, args) -> this.restrictions.update(caller, Arguments.string(args, "restriction"),
								RestrictionInput.forUpdate(args))),
				new ControlPlaneTool(RESTRICTIONS_DELETE, "Delete a restriction",
						"Delete a restriction; in effect for the next request.",
						ToolSchema.object().string("restriction", "The restriction id (r-…).", true).build(),
						(caller, args) -> this.restrictions.delete(caller, Arguments.string(args, "restriction"))),
				new ControlPlaneTool(RESTRICTIONS_HISTORY, "Restriction history",
						"Every restriction change, oldest first: who made it, when, and the rules before and after.",
						ToolSchema.object()
							.string("target", TARGET, false)
							.string("from", "Only changes at or after this instant (ISO-8601 UTC).", false)
							.string("to", "Only changes at or before this instant (ISO-8601 UTC).", false)
							.build(),
						(caller, args) -> this.restrictions.history(caller, Arguments.optionalString(args, "target"),
								Arguments.optionalString(args, "from"), Arguments.optionalString(args, "to"), null)),
				new ControlPlaneTool(RESTRICTIONS_EFFECTIVE, "Effective restrictions",
						"The rules in force for a target or a member, now or as of an instant (replayed from the "
								+ "event store): the winning layer, whether an allowlist is engaged, and the items.",
						ToolSchema.object()
							.string("target", TARGET, false)
							.string("member", "A member id or subject (instead of target).", false)
							.string("at", AT, false)
							.build(),
						(caller, args) -> this.compliance.effective(caller, Arguments.optionalString(args, "target"),
								Arguments.optionalString(args, "member"), Arguments.optionalString(args, "at"))),
				new ControlPlaneTool(RESTRICTIONS_EXPLAIN, "Explain a restriction decision",
						"Why a connected tool is or is not reachable for a member, now or as of an instant: which "
								+ "layer decided, which rule matched, by name or by pin.",
						ToolSchema.object()
							.string("member", "A member id or subject.", true)
							.string("tool", "The advertised name of the connected tool.", true)
							.string("at", AT, false)
							.build(),
						(caller, args) -> this.compliance.explain(caller, Arguments.string(args, "member"),
								Arguments.string(args, "tool"), Arguments.optionalString(args, "at"))));
	}

}
