package io.quiver.query.toolindex;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.toolbox.api.ToolboxEntry;
import io.quiver.query.search.SearchIndex;
import io.quiver.query.search.SentenceVectors;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.ConnectedTools;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.ToolboxView;

/**
 * The connected tools derived from the other folds (SPEC R5.1, R5.4): each connection's
 * account tools and each toolbox entry's tool, by key and by advertised name, and the
 * search index over them (R6). Maintained incrementally: a change re-derives only the
 * tools it touches.
 */
final class ConnectedToolIndex {

	private final PolicySnapshot state;

	private final Map<String, ConnectedTool> tools = new HashMap<>();

	private final Map<String, ConnectedTool> toolsByName = new HashMap<>();

	/** Keys of each connection's account tools. */
	private final Map<String, Set<String>> accountToolsByConnection = new HashMap<>();

	/** Entry keys of the toolbox entries each connection backs. */
	private final Map<String, Set<String>> entriesByConnection = new HashMap<>();

	/**
	 * Lexical only, or with the semantic signal where the organisation's setting turns it
	 * on (R6.15); rebuilt when the setting changes, so that an organisation that leaves
	 * it off never pays for a vector.
	 */
	private SearchIndex searchIndex = new SearchIndex();

	/**
	 * Derives from the other folds of an organisation, read through its snapshot.
	 */
	ConnectedToolIndex(PolicySnapshot state) {
		this.state = state;
	}

	ConnectedTool get(String key) {
		return this.tools.get(key);
	}

	ConnectedTool byName(String advertisedName) {
		return this.toolsByName.get(advertisedName);
	}

	Collection<ConnectedTool> all() {
		return this.tools.values();
	}

	Collection<ConnectedTool> ofAccount(String connectionId) {
		Set<String> keys = this.accountToolsByConnection.getOrDefault(connectionId, Set.of());
		List<ConnectedTool> found = new ArrayList<>(keys.size());
		keys.forEach((key) -> found.add(this.tools.get(key)));
		return found;
	}

	SearchIndex searchIndex() {
		return this.searchIndex;
	}

	/**
	 * Searches with these sentence vectors from now on, or lexically only (null): the
	 * index is rebuilt from the tools when that changes.
	 */
	void searchWith(SentenceVectors vectors) {
		if ((vectors != null) != this.searchIndex.semantic()) {
			this.searchIndex = new SearchIndex(vectors);
			this.tools.values().forEach(this::index);
		}
	}

	void reindexConnector(String connectorId) {
		for (ConnectionView connection : List.copyOf(this.state.connections())) {
			if (connection.connectorId().equals(connectorId)) {
				reindexConnection(connection.connectionId());
			}
		}
	}

	/** Re-derives the account tools of a connection and every toolbox entry it backs. */
	void reindexConnection(String connectionId) {
		Set<String> previous = this.accountToolsByConnection.remove(connectionId);
		if (previous != null) {
			previous.forEach(this::removeTool);
		}
		ConnectionView connection = this.state.connection(connectionId);
		if (connection != null) {
			ConnectorDefinition connector = this.state.connector(connection.connectorId());
			if (connector != null) {
				Set<String> keys = new LinkedHashSet<>();
				for (OperationDefinition operation : this.state.operationsOf(connection)) {
					ConnectedTool tool = ConnectedTools.account(connectionId, connection.label(),
							connection.ownerMemberId(), connector.id(), connector.label(), operation);
					putTool(tool);
					keys.add(tool.key());
				}
				this.accountToolsByConnection.put(connectionId, keys);
			}
		}
		for (String entryKey : List.copyOf(this.entriesByConnection.getOrDefault(connectionId, Set.of()))) {
			ConnectedTool entryTool = this.tools.get(entryKey);
			String[] parts = entryKey.split(":", 3);
			ToolboxView toolbox = this.state.toolbox(parts[1]);
			if (toolbox != null) {
				toolbox.entries()
					.stream()
					.filter((entry) -> entry.entryId().equals(parts[2]))
					.findFirst()
					.ifPresent((entry) -> reindexEntry(toolbox.toolboxId(), entry));
			}
			else if (entryTool != null) {
				removeTool(entryKey);
			}
		}
	}

	void reindexEntry(String toolboxId, ToolboxEntry entry) {
		String key = ConnectedTools.entryKey(toolboxId, entry.entryId());
		unindexEntry(key);
		for (String connectionId : entry.connectionIds()) {
			this.entriesByConnection.computeIfAbsent(connectionId, (id) -> new LinkedHashSet<>()).add(key);
		}
		ConnectorDefinition connector = this.state.connector(entry.operation().connectorId());
		if (connector == null) {
			return;
		}
		List<String> ids = new ArrayList<>();
		List<String> labels = new ArrayList<>();
		OperationDefinition operation = null;
		for (String connectionId : entry.connectionIds()) {
			ConnectionView connection = this.state.connection(connectionId);
			if (connection == null || !connection.connectorId().equals(connector.id())) {
				continue;
			}
			OperationDefinition found = this.state.operation(connectionId, entry.operation().operation());
			if (found == null) {
				continue;
			}
			operation = (operation != null) ? operation : found;
			ids.add(connectionId);
			labels.add(connection.label());
		}
		if (operation != null) {
			putTool(ConnectedTools.entry(toolboxId, entry, connector.label(), operation, ids, labels));
		}
	}

	/** Removes an entry's tool and forgets which connections backed it. */
	void unindexEntry(String key) {
		removeTool(key);
		this.entriesByConnection.values().forEach((keys) -> keys.remove(key));
	}

	private void putTool(ConnectedTool tool) {
		this.tools.put(tool.key(), tool);
		this.toolsByName.put(tool.name(), tool);
		index(tool);
	}

	private void index(ConnectedTool tool) {
		this.searchIndex.put(tool.key(),
				new SearchDocument(tool.name(), tool.connectorId(), tool.connectorLabel(), tool.description()));
	}

	private void removeTool(String key) {
		ConnectedTool removed = this.tools.remove(key);
		if (removed != null) {
			this.toolsByName.remove(removed.name(), removed);
			this.searchIndex.remove(key);
		}
	}

}
