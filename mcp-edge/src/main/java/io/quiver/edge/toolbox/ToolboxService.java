package io.quiver.edge.toolbox;

import java.util.List;
import java.util.UUID;

import io.quiver.command.member.api.Target;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.command.toolbox.api.AddToolboxEntryCommand;
import io.quiver.command.toolbox.api.CreateToolboxCommand;
import io.quiver.command.toolbox.api.DeleteToolboxCommand;
import io.quiver.command.toolbox.api.GrantToolboxCommand;
import io.quiver.command.toolbox.api.RemoveToolboxEntryCommand;
import io.quiver.command.toolbox.api.RevokeToolboxCommand;
import io.quiver.command.toolbox.api.ToolboxEntry;
import io.quiver.command.toolbox.api.ToolboxErrorCode;
import io.quiver.command.toolbox.api.UpdateToolboxEntryCommand;
import io.quiver.edge.support.Commands;
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.edge.support.Queries;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.access.Permission;
import io.quiver.query.gate.ToolboxEntryResolver;
import io.quiver.query.toolbox.api.FindToolboxQuery;
import io.quiver.query.toolbox.api.FindToolboxesQuery;
import io.quiver.query.toolbox.api.ToolboxEntryInput;
import io.quiver.query.toolbox.api.ToolboxSummary;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.stereotype.Service;

/**
 * Toolboxes of the caller's organisation (SPEC R4.3, R13 {@code toolboxes}), for every
 * edge: access checked, then the rules of their peers asked. An entry is resolved against
 * the catalog before its command is sent ({@link ToolboxEntryResolver}, new or changed);
 * an entry is named by id or advertised name ({@link ToolboxSummary#entry}); a toolbox is
 * visible to a member it is granted to ({@link Caller#isTargetedBy}).
 */
@Service
public class ToolboxService {

	private final ControlPlaneAccess access;

	private final Commands commands;

	private final Queries queries;

	private final PolicyStore policies;

	private final ToolboxEntryResolver entries;

	public ToolboxService(ControlPlaneAccess access, Commands commands, Queries queries, PolicyStore policies,
			ToolboxEntryResolver entries) {
		this.access = access;
		this.commands = commands;
		this.queries = queries;
		this.policies = policies;
		this.entries = entries;
	}

	public List<ToolboxSummary> list(Caller caller) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_LIST);
		List<ToolboxSummary> all = this.queries.list(new FindToolboxesQuery(caller.orgId()), ToolboxSummary.class);
		if (caller.holds(Permission.TOOLBOXES_READ)) {
			return all;
		}
		return all.stream().filter((toolbox) -> grantedTo(toolbox, caller)).toList();
	}

	public ToolboxSummary get(Caller caller, String toolbox) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_GET);
		ToolboxSummary found = find(caller, toolbox);
		if (!caller.holds(Permission.TOOLBOXES_READ) && !grantedTo(found, caller)) {
			throw notFound(toolbox);
		}
		return found;
	}

	public ToolboxSummary create(Caller caller, String name, String description) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_CREATE);
		String toolboxId = "t-" + UUID.randomUUID();
		this.commands.send(caller, new CreateToolboxCommand(toolboxId, caller.orgId(), name, description));
		return find(caller, toolboxId);
	}

	public ToolboxSummary addEntry(Caller caller, String toolbox, ToolboxEntryInput input) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_ADD_ENTRY);
		ToolboxSummary target = find(caller, toolbox);
		String entryId = "e-" + UUID.randomUUID().toString().substring(0, 8);
		ToolboxEntry entry;
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			entry = this.entries.resolve(lease.snapshot(), target.name(), entryId, input);
		}
		this.commands.send(caller, new AddToolboxEntryCommand(target.toolboxId(), caller.orgId(), entry));
		return find(caller, target.toolboxId());
	}

	public ToolboxSummary updateEntry(Caller caller, String toolbox, String entryRef, ToolboxEntryInput input) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_UPDATE_ENTRY);
		ToolboxSummary target = find(caller, toolbox);
		ToolboxEntry current = findEntry(target, entryRef);
		ToolboxEntry entry;
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			entry = this.entries.resolve(lease.snapshot(), target.name(), current, input);
		}
		this.commands.send(caller, new UpdateToolboxEntryCommand(target.toolboxId(), caller.orgId(), entry));
		return find(caller, target.toolboxId());
	}

	public ToolboxSummary removeEntry(Caller caller, String toolbox, String entryRef) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_REMOVE_ENTRY);
		ToolboxSummary target = find(caller, toolbox);
		ToolboxEntry current = findEntry(target, entryRef);
		this.commands.send(caller,
				new RemoveToolboxEntryCommand(target.toolboxId(), caller.orgId(), current.entryId()));
		return find(caller, target.toolboxId());
	}

	public ToolboxSummary grant(Caller caller, String toolbox, String target) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_GRANT);
		ToolboxSummary found = find(caller, toolbox);
		this.commands.send(caller, new GrantToolboxCommand(found.toolboxId(), caller.orgId(), target(caller, target)));
		return find(caller, found.toolboxId());
	}

	public ToolboxSummary revoke(Caller caller, String toolbox, String target) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_REVOKE);
		ToolboxSummary found = find(caller, toolbox);
		this.commands.send(caller,
				new RevokeToolboxCommand(found.toolboxId(), caller.orgId(), Target.parseInput(target)));
		return find(caller, found.toolboxId());
	}

	public ToolboxSummary delete(Caller caller, String toolbox) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_DELETE);
		ToolboxSummary found = find(caller, toolbox);
		this.commands.send(caller, new DeleteToolboxCommand(found.toolboxId(), caller.orgId()));
		return found;
	}

	private Target target(Caller caller, String written) {
		Target target = Target.parseInput(written);
		if (target.kind() == Target.Kind.USER) {
			try (PolicyLease lease = this.policies.open(caller.orgId())) {
				if (lease.snapshot().memberBySubject(target.value()) == null) {
					throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
							"no member with subject '" + target.value() + "' to grant to");
				}
			}
		}
		return target;
	}

	private static boolean grantedTo(ToolboxSummary toolbox, Caller caller) {
		return caller.isTargetedBy(toolbox.grants().stream().map(Target::parse).toList());
	}

	private static ToolboxEntry findEntry(ToolboxSummary toolbox, String entryRef) {
		ToolboxEntry entry = toolbox.entry(entryRef);
		if (entry == null) {
			throw new CommandRejectedException(ToolboxErrorCode.ENTRY_NOT_FOUND,
					"toolbox '" + toolbox.name() + "' has no entry '" + entryRef + "' (by id or advertised name)");
		}
		return entry;
	}

	private ToolboxSummary find(Caller caller, String toolbox) {
		if (toolbox == null || toolbox.isBlank()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "name a toolbox by id or name");
		}
		ToolboxSummary found = this.queries.one(new FindToolboxQuery(caller.orgId(), toolbox), ToolboxSummary.class);
		if (found == null) {
			throw notFound(toolbox);
		}
		return found;
	}

	private static CommandRejectedException notFound(String toolbox) {
		return new CommandRejectedException(CommonErrorCode.NOT_FOUND, "no toolbox '" + toolbox + "'");
	}

}
