package io.quiver.query.toolindex;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import io.quiver.command.member.api.Target;
import io.quiver.command.toolbox.api.ToolboxCreatedEvent;
import io.quiver.command.toolbox.api.ToolboxDeletedEvent;
import io.quiver.command.toolbox.api.ToolboxEntry;
import io.quiver.command.toolbox.api.ToolboxEntryAddedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryRemovedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryUpdatedEvent;
import io.quiver.command.toolbox.api.ToolboxGrantedEvent;
import io.quiver.command.toolbox.api.ToolboxRevokedEvent;
import io.quiver.query.toolindex.api.ConnectedTools;
import io.quiver.query.toolindex.api.ToolboxView;

/**
 * The toolboxes of an organisation, their entries and grants (SPEC R4.3, R5.2); a changed
 * entry re-derives its tool.
 */
final class ToolboxFold {

	private final Map<String, ToolboxView> toolboxes = new LinkedHashMap<>();

	private final ConnectedToolIndex tools;

	ToolboxFold(ConnectedToolIndex tools) {
		this.tools = tools;
	}

	void on(ToolboxCreatedEvent e) {
		this.toolboxes.put(e.toolboxId(),
				new ToolboxView(e.toolboxId(), e.name(), e.description(), List.of(), Set.of()));
	}

	void on(ToolboxEntryAddedEvent e) {
		updateEntries(e.toolboxId(), e.entry().entryId(), (entries) -> entries.put(e.entry().entryId(), e.entry()));
	}

	void on(ToolboxEntryUpdatedEvent e) {
		updateEntries(e.toolboxId(), e.after().entryId(), (entries) -> entries.put(e.after().entryId(), e.after()));
	}

	void on(ToolboxEntryRemovedEvent e) {
		updateEntries(e.toolboxId(), e.entryId(), (entries) -> entries.remove(e.entryId()));
	}

	void on(ToolboxGrantedEvent e) {
		updateGrants(e.toolboxId(), (grants) -> grants.add(e.target()));
	}

	void on(ToolboxRevokedEvent e) {
		updateGrants(e.toolboxId(), (grants) -> grants.remove(e.target()));
	}

	void on(ToolboxDeletedEvent e) {
		ToolboxView toolbox = this.toolboxes.remove(e.toolboxId());
		if (toolbox != null) {
			toolbox.entries()
				.forEach((entry) -> this.tools.unindexEntry(ConnectedTools.entryKey(e.toolboxId(), entry.entryId())));
		}
	}

	ToolboxView get(String toolboxId) {
		return this.toolboxes.get(toolboxId);
	}

	Collection<ToolboxView> all() {
		return this.toolboxes.values();
	}

	private void updateEntries(String toolboxId, String entryId, Consumer<Map<String, ToolboxEntry>> change) {
		ToolboxView toolbox = this.toolboxes.get(toolboxId);
		if (toolbox == null) {
			return;
		}
		Map<String, ToolboxEntry> entries = new LinkedHashMap<>();
		toolbox.entries().forEach((entry) -> entries.put(entry.entryId(), entry));
		change.accept(entries);
		this.toolboxes.put(toolboxId, new ToolboxView(toolbox.toolboxId(), toolbox.name(), toolbox.description(),
				List.copyOf(entries.values()), toolbox.grants()));
		ToolboxEntry changed = entries.get(entryId);
		if (changed != null) {
			this.tools.reindexEntry(toolboxId, changed);
		}
		else {
			this.tools.unindexEntry(ConnectedTools.entryKey(toolboxId, entryId));
		}
	}

	private void updateGrants(String toolboxId, Consumer<Set<Target>> change) {
		ToolboxView toolbox = this.toolboxes.get(toolboxId);
		if (toolbox != null) {
			Set<Target> grants = new LinkedHashSet<>(toolbox.grants());
			change.accept(grants);
			this.toolboxes.put(toolboxId, new ToolboxView(toolbox.toolboxId(), toolbox.name(), toolbox.description(),
					toolbox.entries(), Set.copyOf(grants)));
		}
	}

}
