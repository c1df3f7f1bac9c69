package io.quiver.edge.member;

import java.util.Arrays;
import java.util.List;

import io.quiver.command.member.api.Role;
import io.quiver.edge.tool.Arguments;
import io.quiver.edge.tool.ControlPlaneTool;
import io.quiver.edge.tool.ControlPlaneToolset;
import io.quiver.edge.tool.ToolSchema;
import org.springframework.stereotype.Component;

import static io.quiver.query.access.ControlPlaneOperation.MEMBERS_CHANGE_ROLE;
import static io.quiver.query.access.ControlPlaneOperation.MEMBERS_GET;
import static io.quiver.query.access.ControlPlaneOperation.MEMBERS_INVITE;
import static io.quiver.query.access.ControlPlaneOperation.MEMBERS_LIST;
import static io.quiver.query.access.ControlPlaneOperation.MEMBERS_REINSTATE;
import static io.quiver.query.access.ControlPlaneOperation.MEMBERS_REMOVE;
import static io.quiver.query.access.ControlPlaneOperation.MEMBERS_SUSPEND;

/**
 * {@code quiver__members__*}: the MCP side of SPEC R13 {@code members}.
 */
@Component
class MemberTools implements ControlPlaneToolset {

	private static final List<String> ROLES = Arrays.stream(Role.values()).map(Role::name).toList();

	private static final String MEMBER = "The member: its id (m-…) or its subject (the sub of its tokens).";

	private final MemberService members;

	MemberTools(MemberService members) {
		this.members = members;
	}

	@Override
	public List<ControlPlaneTool> tools() {
		return List.of(
				new ControlPlaneTool(MEMBERS_LIST, "List members",
						"List every member of your organisation with role and status (ACTIVE, SUSPENDED, REMOVED).",
						ToolSchema.object().build(), (caller, args) -> this.members.list(caller)),
				new ControlPlaneTool(MEMBERS_GET, "Get a member",
						"Get one member of your organisation by id or subject.",
						ToolSchema.object().string("member", MEMBER, true).build(),
						(caller, args) -> this.members.get(caller, Arguments.string(args, "member"))),
				new ControlPlaneTool(MEMBERS_INVITE, "Invite a member",
						"Make a subject (the sub claim of their tokens) a member of your organisation with a role. "
								+ "Only an OWNER can invite an OWNER.",
						ToolSchema.object()
							.string("subject", "The subject the member signs in with (their tokens' sub claim).", true)
							.text("email", "Their e-mail address, for people reading the directory.", 320, false)
							.choice("role", "The role: what the member may do.", ROLES, true)
							.build(),
						(caller, args) -> this.members.invite(caller, Arguments.string(args, "subject"),
								Arguments.optionalString(args, "email"), Arguments.string(args, "role"))),
				new ControlPlaneTool(MEMBERS_CHANGE_ROLE, "Change a member's role",
						"Give a member another role; in effect for their next request. Only an OWNER changes an "
								+ "OWNER or makes one; the last active OWNER cannot be demoted.",
						ToolSchema.object()
							.string("member", MEMBER, true)
							.choice("role", "The new role.", ROLES, true)
							.build(),
						(caller, args) -> this.members.changeRole(caller, Arguments.string(args, "member"),
								Arguments.string(args, "role"))),
				new ControlPlaneTool(MEMBERS_SUSPEND, "Suspend a member",
						"Suspend a member: their next request is refused until reinstated. The last active OWNER "
								+ "cannot be suspended.",
						ToolSchema.object().string("member", MEMBER, true).build(),
						(caller, args) -> this.members.suspend(caller, Arguments.string(args, "member"))),
				new ControlPlaneTool(MEMBERS_REINSTATE, "Reinstate a member", "Reinstate a suspended member.",
						ToolSchema.object().string("member", MEMBER, true).build(),
						(caller, args) -> this.members.reinstate(caller, Arguments.string(args, "member"))),
				new ControlPlaneTool(MEMBERS_REMOVE, "Remove a member",
						"Remove a member for good; their subject can be invited again as a new member. The last "
								+ "active OWNER cannot be removed.",
						ToolSchema.object().string("member", MEMBER, true).build(),
						(caller, args) -> this.members.remove(caller, Arguments.string(args, "member"))));
	}

}
