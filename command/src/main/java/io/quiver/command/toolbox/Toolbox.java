package io.quiver.command.toolbox;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.quiver.command.member.api.Target;
import io.quiver.command.naming.AdvertisedNamespace;
import io.quiver.command.naming.api.NamingRules;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.TextField;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.command.toolbox.api.AddToolboxEntryCommand;
import io.quiver.command.toolbox.api.CreateToolboxCommand;
import io.quiver.command.toolbox.api.DeleteToolboxCommand;
import io.quiver.command.toolbox.api.GrantToolboxCommand;
import io.quiver.command.toolbox.api.RemoveToolboxEntryCommand;
import io.quiver.command.toolbox.api.RevokeToolboxCommand;
import io.quiver.command.toolbox.api.ToolboxCreatedEvent;
import io.quiver.command.toolbox.api.ToolboxDeletedEvent;
import io.quiver.command.toolbox.api.ToolboxEntry;
import io.quiver.command.toolbox.api.ToolboxEntryAddedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryRemovedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryUpdatedEvent;
import io.quiver.command.toolbox.api.ToolboxErrorCode;
import io.quiver.command.toolbox.api.ToolboxGrantedEvent;
import io.quiver.command.toolbox.api.ToolboxRevokedEvent;
import io.quiver.command.toolbox.api.UpdateToolboxEntryCommand;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A toolbox: a named bundle of entries an admin curates and grants to roles or users
 * (SPEC R4.3).
 * <p>
 * Invariants:
 * <ul>
 * <li>the name follows {@link NamingRules} and is unique among the organisation's toolbox
 * names and connection labels; each entry's advertised name follows {@link NamingRules}
 * and is unique among the organisation's advertised entry names
 * ({@link AdvertisedNamespace} settles races);</li>
 * <li>entry ids are unique within the toolbox; updating or removing an entry needs it to
 * exist;</li>
 * <li>granting what is granted, revoking what is not, re-applying an entry unchanged:
 * nothing is emitted;</li>
 * <li>a deleted toolbox accepts no further command.</li>
 * </ul>
 * That an entry's operation exists and its connections are of that operation's connector
 * is checked against the catalog before the command is sent.
 */
@Aggregate
public class Toolbox {

	private static final int MAX_DESCRIPTION = 2000;

	@AggregateIdentifier
	private String toolboxId;

	private String orgId;

	private String name;

	private final Map<String, ToolboxEntry> entries = new LinkedHashMap<>();

	private final Set<Target> grants = new HashSet<>();

	private boolean deleted;

	protected Toolbox() {
	}

	@CommandHandler
	public Toolbox(CreateToolboxCommand command, AdvertisedNamespace namespace) {
		String problem = NamingRules.prefixProblem(command.name());
		if (problem != null) {
			throw new CommandRejectedException(ToolboxErrorCode.INVALID_NAME, problem);
		}
		if (namespace.isTaken(command.orgId(), AdvertisedNamespace.Space.PREFIX, command.name(), command.toolboxId())) {
			throw new CommandRejectedException(ToolboxErrorCode.NAME_TAKEN, "name '" + command.name()
					+ "' is already used by a toolbox or a connection of this organisation; choose another name");
		}
		TextField.multiLine("description", command.description(), MAX_DESCRIPTION);
		apply(new ToolboxCreatedEvent(command.orgId(), command.toolboxId(), command.name(), command.description()));
	}

	@CommandHandler
	void handle(AddToolboxEntryCommand command, AdvertisedNamespace namespace) {
		requireLive(command.orgId());
		ToolboxEntry entry = command.entry();
		if (this.entries.containsKey(entry.entryId())) {
			throw new CommandRejectedException(ToolboxErrorCode.ENTRY_EXISTS,
					"toolbox '" + this.name + "' already has an entry '" + entry.entryId() + "'");
		}
		requireAdvertisedNameFree(namespace, entry.advertisedName());
		apply(new ToolboxEntryAddedEvent(this.orgId, this.toolboxId, entry));
	}

	@CommandHandler
	void handle(UpdateToolboxEntryCommand command, AdvertisedNamespace namespace) {
		requireLive(command.orgId());
		ToolboxEntry before = requireEntry(command.entry().entryId());
		ToolboxEntry after = command.entry();
		if (before.equals(after)) {
			return;
		}
		if (!before.advertisedName().equalsIgnoreCase(after.advertisedName())) {
			requireAdvertisedNameFree(namespace, after.advertisedName());
		}
		apply(new ToolboxEntryUpdatedEvent(this.orgId, this.toolboxId, before, after));
	}

	@CommandHandler
	void handle(RemoveToolboxEntryCommand command) {
		requireLive(command.orgId());
		ToolboxEntry entry = requireEntry(command.entryId());
		apply(new ToolboxEntryRemovedEvent(this.orgId, this.toolboxId, entry.entryId(), entry.advertisedName()));
	}

	@CommandHandler
	void handle(GrantToolboxCommand command) {
		requireLive(command.orgId());
		if (command.target() == null) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "a grant needs a target");
		}
		if (!this.grants.contains(command.target())) {
			apply(new ToolboxGrantedEvent(this.orgId, this.toolboxId, command.target()));
		}
	}

	@CommandHandler
	void handle(RevokeToolboxCommand command) {
		requireLive(command.orgId());
		if (this.grants.contains(command.target())) {
			apply(new ToolboxRevokedEvent(this.orgId, this.toolboxId, command.target()));
		}
	}

	@CommandHandler
	void handle(DeleteToolboxCommand command) {
		requireSameOrganization(command.orgId());
		if (!this.deleted) {
			apply(new ToolboxDeletedEvent(this.orgId, this.toolboxId, this.name));
		}
	}

	private void requireAdvertisedNameFree(AdvertisedNamespace namespace, String advertisedName) {
		String problem = NamingRules.entryNameProblem(this.name, advertisedName);
		if (problem != null) {
			throw new CommandRejectedException(ToolboxErrorCode.INVALID_NAME, problem);
		}
		if (namespace.isTaken(this.orgId, AdvertisedNamespace.Space.TOOL, advertisedName, this.toolboxId)
				|| advertisedNameUsedByAnotherEntry(advertisedName)) {
			throw new CommandRejectedException(ToolboxErrorCode.NAME_TAKEN, "advertised name '" + advertisedName
					+ "' is already used by another toolbox entry; choose another name");
		}
	}

	private boolean advertisedNameUsedByAnotherEntry(String advertisedName) {
		return this.entries.values().stream().anyMatch((e) -> e.advertisedName().equalsIgnoreCase(advertisedName));
	}

	private ToolboxEntry requireEntry(String entryId) {
		ToolboxEntry entry = this.entries.get(entryId);
		if (entry == null) {
			throw new CommandRejectedException(ToolboxErrorCode.ENTRY_NOT_FOUND,
					"toolbox '" + this.name + "' has no entry '" + entryId + "'");
		}
		return entry;
	}

	private void requireLive(String orgId) {
		requireSameOrganization(orgId);
		if (this.deleted) {
			throw new CommandRejectedException(ToolboxErrorCode.TOOLBOX_DELETED,
					"toolbox '" + this.name + "' was deleted");
		}
	}

	private void requireSameOrganization(String orgId) {
		if (!this.orgId.equals(orgId)) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
					"no toolbox '" + this.toolboxId + "' in organisation '" + orgId + "'");
		}
	}

	@EventSourcingHandler
	void on(ToolboxCreatedEvent event) {
		this.toolboxId = event.toolboxId();
		this.orgId = event.orgId();
		this.name = event.name();
	}

	@EventSourcingHandler
	void on(ToolboxEntryAddedEvent event) {
		this.entries.put(event.entry().entryId(), event.entry());
	}

	@EventSourcingHandler
	void on(ToolboxEntryUpdatedEvent event) {
		this.entries.put(event.after().entryId(), event.after());
	}

	@EventSourcingHandler
	void on(ToolboxEntryRemovedEvent event) {
		this.entries.remove(event.entryId());
	}

	@EventSourcingHandler
	void on(ToolboxGrantedEvent event) {
		this.grants.add(event.target());
	}

	@EventSourcingHandler
	void on(ToolboxRevokedEvent event) {
		this.grants.remove(event.target());
	}

	@EventSourcingHandler
	void on(ToolboxDeletedEvent event) {
		this.deleted = true;
	}

}
