package io.quiver.edge.member;

import java.util.List;
import java.util.UUID;

import io.quiver.command.member.api.ChangeMemberRoleCommand;
import io.quiver.command.member.api.InviteMemberCommand;
import io.quiver.command.member.api.ReinstateMemberCommand;
import io.quiver.command.member.api.RemoveMemberCommand;
import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.SuspendMemberCommand;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.support.Commands;
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.edge.support.Queries;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.member.api.FindMemberQuery;
import io.quiver.query.member.api.FindMembersQuery;
import io.quiver.query.member.api.MemberSummary;
import org.springframework.stereotype.Service;

/**
 * Members of the caller's organisation (SPEC R13 {@code members}), for every edge. Only
 * an OWNER makes, changes or removes an OWNER (R2.4): the Member aggregate decides that,
 * from the actor's role the command carries.
 */
@Service
public class MemberService {

	private final ControlPlaneAccess access;

	private final Commands commands;

	private final Queries queries;

	public MemberService(ControlPlaneAccess access, Commands commands, Queries queries) {
		this.access = access;
		this.commands = commands;
		this.queries = queries;
	}

	public List<MemberSummary> list(Caller caller) {
		this.access.require(caller, ControlPlaneOperation.MEMBERS_LIST);
		return this.queries.list(new FindMembersQuery(caller.orgId()), MemberSummary.class);
	}

	public MemberSummary get(Caller caller, String member) {
		this.access.require(caller, ControlPlaneOperation.MEMBERS_GET);
		return find(caller, member);
	}

	public MemberSummary invite(Caller caller, String subject, String email, String role) {
		this.access.require(caller, ControlPlaneOperation.MEMBERS_INVITE);
		Role parsed = Role.parse(role);
		String memberId = "m-" + UUID.randomUUID();
		this.commands.send(caller, new InviteMemberCommand(memberId, caller.orgId(), subject, email, parsed));
		return find(caller, memberId);
	}

	public MemberSummary changeRole(Caller caller, String member, String role) {
		this.access.require(caller, ControlPlaneOperation.MEMBERS_CHANGE_ROLE);
		MemberSummary target = find(caller, member);
		Role parsed = Role.parse(role);
		this.commands.send(caller, new ChangeMemberRoleCommand(target.memberId(), caller.orgId(), parsed));
		return find(caller, target.memberId());
	}

	public MemberSummary suspend(Caller caller, String member) {
		this.access.require(caller, ControlPlaneOperation.MEMBERS_SUSPEND);
		MemberSummary target = find(caller, member);
		this.commands.send(caller, new SuspendMemberCommand(target.memberId(), caller.orgId()));
		return find(caller, target.memberId());
	}

	public MemberSummary reinstate(Caller caller, String member) {
		this.access.require(caller, ControlPlaneOperation.MEMBERS_REINSTATE);
		MemberSummary target = find(caller, member);
		this.commands.send(caller, new ReinstateMemberCommand(target.memberId(), caller.orgId()));
		return find(caller, target.memberId());
	}

	public MemberSummary remove(Caller caller, String member) {
		this.access.require(caller, ControlPlaneOperation.MEMBERS_REMOVE);
		MemberSummary target = find(caller, member);
		this.commands.send(caller, new RemoveMemberCommand(target.memberId(), caller.orgId()));
		return find(caller, target.memberId());
	}

	private MemberSummary find(Caller caller, String member) {
		if (member == null || member.isBlank()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "name a member by id or subject");
		}
		MemberSummary found = this.queries.one(new FindMemberQuery(caller.orgId(), member), MemberSummary.class);
		if (found == null) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
					"no member '" + member + "' in organisation '" + caller.orgId() + "'");
		}
		return found;
	}

}
