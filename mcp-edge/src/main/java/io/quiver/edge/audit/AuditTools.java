package io.quiver.edge.audit;

import java.util.List;

import io.quiver.edge.audit.AuditService.Filters;
import io.quiver.edge.tool.Arguments;
import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneToolset;
import io.quiver.edge.tool.ToolSchema;
import org.springframework.stereotype.Component;

import static io.quiver.query.access.ControlPlaneOperation.AUDIT_LIST;
import static io.quiver.query.access.ControlPlaneOperation.AUDIT_VERIFY;

/**
 * {@code quiver__audit__*}: the MCP side of SPEC R13 {@code audit}.
 */
@Component
class AuditTools implements ControlPlaneToolset {

	private final AuditService audit;

	AuditTools(AuditService audit) {
		this.audit = audit;
	}

	@Override
	public List<ControlPlaneTool> tools() {
		return List.of(new ControlPlaneTool(AUDIT_LIST, "List audit entries",
				"The tool-call audit trail, newest first: who called which tool (through execute_tool or "
						+ "not), which account it reached, the gate decision and outcome, argument names and "
						+ "count (never values). Filter and page with the nextCursor of the previous page.",
				ToolSchema.object()
					.string("member", "A member id (m-…) or subject.", false)
					.string("tool", "A tool name.", false)
					.string("connection", "A connection id or account label.", false)
					.choice("outcome", "An outcome.", List.of("success", "error", "denied", "unknown"), false)
					.string("from", "At or after this instant (ISO-8601 UTC).", false)
					.string("to", "At or before this instant (ISO-8601 UTC).", false)
					.integer("limit", "Entries per page (default 100, at most 500).", 1, 500, false)
					.string("cursor", "The nextCursor of the previous page.", false)
					.build(),
				(caller, args) -> this.audit.list(caller,
						new Filters(Arguments.optionalString(args, "member"), Arguments.optionalString(args, "tool"),
								Arguments.optionalString(args, "connection"), Arguments.optionalString(args, "outcome"),
								Arguments.optionalString(args, "from"), Arguments.optionalString(args, "to")),
						Arguments.optionalString(args, "cursor"), Arguments.optionalInteger(args, "limit"))),
				new ControlPlaneTool(AUDIT_VERIFY, "Verify the audit trail",
						"Walk the organisation's hash chain of audit entries and report whether it is intact, how "
								+ "many entries were checked, and the first broken link if any.",
						ToolSchema.object().build(), (caller, args) -> this.audit.verify(caller)));
	}

}
