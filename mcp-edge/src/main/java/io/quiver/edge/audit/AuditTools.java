package io.quiver.edge.audit;

import java.util.List;

import io.quiver.edge.audit.AuditService.Filters;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.edge.tool.Arguments;
import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneToolset;
import io.quiver.edge.tool.ToolSchema;
import io.quiver.query.access.Caller;
import org.springframework.stereotype.Component;

import static io.quiver.query.access.ControlPlaneOperation.AUDIT_CHECKPOINT;
import static io.quiver.query.access.ControlPlaneOperation.AUDIT_LIST;
import static io.quiver.query.access.ControlPlaneOperation.AUDIT_PROVE;
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
		return List.of(
				new ControlPlaneTool(AUDIT_LIST, "List audit entries",
						"The tool-call audit trail, newest first: who called which tool (through execute_tool or "
								+ "not), which account it reached, the gate decision and outcome, argument names and "
								+ "count (never values). Filter and page with the nextCursor of the previous page.",
						ToolSchema.object()
							.string("member", "A member id (m-…) or subject.", false)
							.string("tool", "A tool name.", false)
							.string("connection", "A connection id or account label.", false)
							.choice("outcome", "An outcome.",
									List.of("success", "error", "denied", "unknown", "outcome-unknown"), false)
							.string("from", "At or after this instant (ISO-8601 UTC).", false)
							.string("to", "At or before this instant (ISO-8601 UTC).", false)
							.integer("limit", "Entries per page (default 100, at most 500).", 1, 500, false)
							.string("cursor", "The nextCursor of the previous page.", false)
							.build(),
						(caller, args) -> this.audit.list(caller, new Filters(Arguments.optionalString(args, "member"),
								Arguments.optionalString(args, "tool"), Arguments.optionalString(args, "connection"),
								Arguments.optionalString(args, "outcome"), Arguments.optionalString(args, "from"),
								Arguments.optionalString(args, "to")), Arguments.optionalString(args, "cursor"),
								Arguments.optionalInteger(args, "limit"))),
				new ControlPlaneTool(AUDIT_VERIFY, "Verify the audit trail",
						"Walk the organisation's hash chain of audit entries and report whether it is intact, how "
								+ "many entries were checked, and the first broken link if any.",
						ToolSchema.object().build(), (caller, args) -> this.audit.verify(caller)),
				new ControlPlaneTool(AUDIT_CHECKPOINT, "Get a signed checkpoint of the audit trail",
						"A checkpoint signed with Quiver's published Ed25519 key: the number of entries, the "
								+ "Merkle root over them (RFC 9162), when and by which key it was signed. Without "
								+ "size, the trail as it is now; with size, its first size entries. Auditors keep "
								+ "checkpoints and verify exports and proofs against them offline.",
						ToolSchema.object()
							.integer("size", "The number of entries the checkpoint covers (default: all).", 0,
									Integer.MAX_VALUE, false)
							.build(),
						(caller, args) -> this.audit.checkpoint(caller, optionalLong(args, "size"))),
				new ControlPlaneTool(AUDIT_PROVE, "Prove an audit entry or the trail's consistency",
						"With entry (a seq or an entry id): the inclusion proof of that entry in the checkpoint "
								+ "of 'to' entries (default: the latest). With from: the consistency proof that the "
								+ "checkpoint of 'from' entries is a prefix of the one of 'to' entries (default: "
								+ "the latest), i.e. that nothing before it was changed. Proofs are checked "
								+ "offline against the published key.",
						ToolSchema.object()
							.string("entry", "The seq or entry id of the entry to prove.", false)
							.integer("from", "The size of the earlier checkpoint.", 1, Integer.MAX_VALUE, false)
							.integer("to", "The size of the later checkpoint (default: the latest).", 1,
									Integer.MAX_VALUE, false)
							.build(),
						(caller, args) -> prove(caller, args)));
	}

	private Object prove(Caller caller, ObjectNode args) {
		String entry = Arguments.optionalString(args, "entry");
		Long from = optionalLong(args, "from");
		Long to = optionalLong(args, "to");
		if ((entry == null) == (from == null)) {
			throw new IllegalArgumentException(
					"give entry (an inclusion proof) or from (a consistency proof), one of the two");
		}
		return (entry != null) ? this.audit.inclusion(caller, entry, to) : this.audit.consistency(caller, from, to);
	}

	private static Long optionalLong(ObjectNode args, String name) {
		Integer value = Arguments.optionalInteger(args, name);
		return (value != null) ? Long.valueOf(value) : null;
	}

}
