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
import io.quiver.query.toolbox.api.ToolboxEntryInput;
import io.quiver.query.gate.ToolboxEntryResolver;
import io.quiver.query.toolbox.api.FindToolboxQuery;
import io.quiver.query.toolbox.api.FindToolboxesQuery;
import io.quiver.query.toolbox.api.ToolboxSummary;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.stereotype.Service;

/**
 * Toolboxes of the caller's organisation (SPEC R4.3, R13 {@code toolboxes}), for every
 * edge. An entry is checked against the catalog before its command is sent: the operation
 * exists on every connection named, the connections are of the operation's connector, and
 * defaults and frozen values fit the operation's schema.
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
		if (input.operation() == null) {
			throw invalidEntry("an entry needs an operation, written connector.operation (e.g. notion.search_pages)");
		}
		if (input.connections() == null || input.connections().isEmpty()) {
			throw invalidEntry("an entry needs at least one connection (id or label) of the operation's connector");
		}
		ToolboxEntry entry = entry(caller, target, "e-" + UUID.randomUUID().toString().substring(0, 8), input);
		this.commands.send(caller, new AddToolboxEntryCommand(target.toolboxId(), caller.orgId(), entry));
		return find(caller, target.toolboxId());
	}

	public ToolboxSummary updateEntry(Caller caller, String toolbox, String entryRef, ToolboxEntryInput input) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_UPDATE_ENTRY);
		ToolboxSummary target = find(caller, toolbox);
		ToolboxEntry current = findEntry(target, entryRef);
		ToolboxEntryInput merged = new ToolboxEntryInput(
				(input.operation() != null) ? input.operation() : current.operation().toString(),
				(input.connections() != null) ? input.connections() : current.connectionIds(),
				(input.name() != null) ? input.name() : current.advertisedName(),
				(input.defaults() != null) ? input.defaults() : current.defaults(),
				(input.frozen() != null) ? input.frozen() : current.frozen());
		ToolboxEntry entry = entry(caller, target, current.entryId(), merged);
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
		this.commands.send(caller, new RevokeToolboxCommand(found.toolboxId(), caller.orgId(), parseTarget(target)));
		return find(caller, found.toolboxId());
	}

	public ToolboxSummary delete(Caller caller, String toolbox) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_DELETE);
		ToolboxSummary found = find(caller, toolbox);
		this.commands.send(caller, new DeleteToolboxCommand(found.toolboxId(), caller.orgId()));
		return found;
	}

	private ToolboxEntry entry(Caller caller, ToolboxSummary toolbox, String entryId, ToolboxEntryInput input) {
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			return this.entries.resolve(lease.snapshot(), toolbox.name(), entryId, input);
		}
	}

	private Target target(Caller caller, String written) {
		Target target = parseTarget(written);
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

	static Target parseTarget(String written) {
		try {
			return Target.parse(written);
		}
		catch (IllegalArgumentException ex) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, ex.getMessage());
		}
	}

	private static boolean grantedTo(ToolboxSummary toolbox, Caller caller) {
		return toolbox.grants().contains(Target.role(caller.role()).toString())
				|| toolbox.grants().contains(Target.user(caller.subject()).toString());
	}

	private static ToolboxEntry findEntry(ToolboxSummary toolbox, String entryRef) {
		return toolbox.entries()
			.stream()
			.filter((entry) -> entry.entryId().equals(entryRef) || entry.advertisedName().equals(entryRef))
			.findFirst()
			.orElseThrow(() -> new CommandRejectedException(ToolboxErrorCode.ENTRY_NOT_FOUND,
					"toolbox '" + toolbox.name() + "' has no entry '" + entryRef + "' (by id or advertised name)"));
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

	private static CommandRejectedException invalidEntry(String message) {
		return new CommandRejectedException(ToolboxErrorCode.INVALID_ENTRY, message);
	}

}
