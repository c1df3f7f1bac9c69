package io.quiver.edge.toolbox;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.catalog.api.OperationRef;
import io.quiver.command.member.api.Target;
import io.quiver.command.naming.api.NamingRules;
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
import io.quiver.query.gate.ArgumentGate;
import io.quiver.query.gate.Verdict;
import io.quiver.query.toolbox.api.FindToolboxQuery;
import io.quiver.query.toolbox.api.FindToolboxesQuery;
import io.quiver.query.toolbox.api.ToolboxSummary;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicySnapshot;
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

	private final ArgumentGate schemas;

	public ToolboxService(ControlPlaneAccess access, Commands commands, Queries queries, PolicyStore policies,
			ArgumentGate schemas) {
		this.access = access;
		this.commands = commands;
		this.queries = queries;
		this.policies = policies;
		this.schemas = schemas;
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

	public ToolboxSummary addEntry(Caller caller, String toolbox, EntryInput input) {
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

	public ToolboxSummary updateEntry(Caller caller, String toolbox, String entryRef, EntryInput input) {
		this.access.require(caller, ControlPlaneOperation.TOOLBOXES_UPDATE_ENTRY);
		ToolboxSummary target = find(caller, toolbox);
		ToolboxEntry current = findEntry(target, entryRef);
		EntryInput merged = new EntryInput(
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

	private ToolboxEntry entry(Caller caller, ToolboxSummary toolbox, String entryId, EntryInput input) {
		OperationRef operation;
		try {
			operation = OperationRef.parse(input.operation());
		}
		catch (IllegalArgumentException ex) {
			throw invalidEntry(ex.getMessage());
		}
		List<String> connectionIds = new ArrayList<>();
		OperationDefinition definition = null;
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			PolicySnapshot policy = lease.snapshot();
			ConnectorDefinition connector = policy.connector(operation.connectorId());
			if (connector == null) {
				throw invalidEntry("no connector '" + operation.connectorId() + "' in the catalog");
			}
			for (String reference : input.connections()) {
				ConnectionView connection = policy.connection(reference);
				if (connection == null) {
					connection = policy.connectionByLabel(reference);
				}
				if (connection == null) {
					throw invalidEntry("no connection '" + reference + "' in this organisation");
				}
				if (!connection.connectorId().equals(connector.id())) {
					throw invalidEntry("connection '" + connection.label() + "' is on " + connection.connectorId()
							+ ", not on " + connector.id());
				}
				OperationDefinition found = policy.operation(connection.connectionId(), operation.operation());
				if (found == null) {
					throw invalidEntry(
							"connection '" + connection.label() + "' has no operation '" + operation.operation() + "'");
				}
				definition = (definition != null) ? definition : found;
				if (!connectionIds.contains(connection.connectionId())) {
					connectionIds.add(connection.connectionId());
				}
			}
		}
		ObjectNode defaults = (input.defaults() != null) ? input.defaults() : JsonNodeFactory.instance.objectNode();
		ObjectNode frozen = (input.frozen() != null) ? input.frozen() : JsonNodeFactory.instance.objectNode();
		requireKnownParameters(definition, defaults, "defaults");
		requireKnownParameters(definition, frozen, "frozen");
		String name = (input.name() != null && !input.name().isBlank()) ? input.name()
				: NamingRules.advertisedName(toolbox.name(), operation.operation());
		return new ToolboxEntry(entryId, operation, connectionIds, name, defaults, frozen);
	}

	/**
	 * Defaults and frozen values must name the operation's parameters and fit their
	 * schemas.
	 */
	private void requireKnownParameters(OperationDefinition operation, ObjectNode values, String what) {
		if (values.isEmpty()) {
			return;
		}
		JsonNode properties = operation.inputSchema().path("properties");
		for (Iterator<String> keys = values.fieldNames(); keys.hasNext();) {
			String key = keys.next();
			if (!properties.has(key)) {
				throw invalidEntry(what + " names '" + key + "', which is not a parameter of " + operation.name());
			}
		}
		ObjectNode partial = operation.inputSchema().deepCopy();
		partial.remove("required");
		Verdict verdict = this.schemas.check(operation.name(), partial, values);
		if (verdict.denied()) {
			throw invalidEntry(what + " do not fit the operation's schema: " + verdict.reason());
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

	/**
	 * An entry as written: operation {@code connector.operation}, connections by id or
	 * label, an optional advertised name, defaults and frozen values.
	 */
	public record EntryInput(String operation, List<String> connections, String name, ObjectNode defaults,
			ObjectNode frozen) {
	}

}
