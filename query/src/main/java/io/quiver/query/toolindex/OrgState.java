package io.quiver.query.toolindex;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.ConnectorRegisteredEvent;
import io.quiver.command.catalog.api.ConnectorUnregisteredEvent;
import io.quiver.command.catalog.api.CuratedCatalog;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.client.api.ConsentGrantedEvent;
import io.quiver.command.client.api.ConsentRevokedEvent;
import io.quiver.command.connection.api.ConnectionCreatedEvent;
import io.quiver.command.connection.api.ConnectionDeletedEvent;
import io.quiver.command.connection.api.ConnectionRelabeledEvent;
import io.quiver.command.connection.api.ConnectionToolsRefreshedEvent;
import io.quiver.command.connection.api.GrantRevokedEvent;
import io.quiver.command.connection.api.GrantRotatedEvent;
import io.quiver.command.connection.api.GrantStoredEvent;
import io.quiver.command.member.api.MemberInvitedEvent;
import io.quiver.command.member.api.MemberReinstatedEvent;
import io.quiver.command.member.api.MemberRemovedEvent;
import io.quiver.command.member.api.MemberRoleChangedEvent;
import io.quiver.command.member.api.MemberStatus;
import io.quiver.command.member.api.MemberSuspendedEvent;
import io.quiver.command.member.api.Target;
import io.quiver.command.organization.api.OrganizationCreatedEvent;
import io.quiver.command.organization.api.OrganizationSettings;
import io.quiver.command.organization.api.OrganizationSettingsChangedEvent;
import io.quiver.command.restriction.api.RestrictionCreatedEvent;
import io.quiver.command.restriction.api.RestrictionDeletedEvent;
import io.quiver.command.restriction.api.RestrictionUpdatedEvent;
import io.quiver.command.toolbox.api.ToolboxCreatedEvent;
import io.quiver.command.toolbox.api.ToolboxDeletedEvent;
import io.quiver.command.toolbox.api.ToolboxEntry;
import io.quiver.command.toolbox.api.ToolboxEntryAddedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryRemovedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryUpdatedEvent;
import io.quiver.command.toolbox.api.ToolboxGrantedEvent;
import io.quiver.command.toolbox.api.ToolboxRevokedEvent;
import io.quiver.query.search.SearchIndex;
import io.quiver.query.search.SentenceVectors;
import io.quiver.query.search.api.SearchDocument;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.ConnectedTools;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.ConsentView;
import io.quiver.query.toolindex.api.MemberView;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.RestrictionView;
import io.quiver.query.toolindex.api.ToolboxView;

/**
 * One organisation's policy state, folded from its events: members, connections,
 * toolboxes, restrictions, custom connectors, settings, and the index of its connected
 * tools (SPEC R5, R6). The index is maintained incrementally: an event re-derives only
 * the tools it touches.
 * <p>
 * The same fold serves the live state (fed by {@link ToolIndexFeed}) and the compliance
 * replay as of an instant (fed with the events up to it), so the two cannot disagree.
 * <p>
 * Not thread-safe: {@link ToolIndex} guards each organisation with a read-write lock.
 */
public final class OrgState implements PolicySnapshot {

	private final String orgId;

	private final CuratedCatalog curated;

	private String name;

	private OrganizationSettings settings = OrganizationSettings.DEFAULT;

	private final Map<String, ConnectorDefinition> customConnectors = new TreeMap<>();

	private final Map<String, MemberView> members = new HashMap<>();

	private final Map<String, String> memberIdBySubject = new HashMap<>();

	private final Map<String, ConnectionView> connections = new LinkedHashMap<>();

	private final Map<String, ToolboxView> toolboxes = new LinkedHashMap<>();

	private final Map<String, RestrictionView> restrictions = new LinkedHashMap<>();

	/** The restrictions of each target, for the resolver's layer lookup (R8.3). */
	private final Map<Target, Map<String, RestrictionView>> restrictionsByTarget = new HashMap<>();

	private final Map<String, ConnectedTool> tools = new HashMap<>();

	private final Map<String, ConnectedTool> toolsByName = new HashMap<>();

	/** Keys of each connection's account tools. */
	private final Map<String, Set<String>> accountToolsByConnection = new HashMap<>();

	/** Entry keys of the toolbox entries each connection backs. */
	private final Map<String, Set<String>> entriesByConnection = new HashMap<>();

	/** The process's sentence vectors, or null where the model is not available. */
	private final SentenceVectors vectors;

	/**
	 * Lexical only, or with the semantic signal where the organisation's setting turns it
	 * on (R6.15); rebuilt when the setting changes, so that an organisation that leaves
	 * it off never pays for a vector.
	 */
	private SearchIndex searchIndex;

	private final ClientConsents consents = new ClientConsents();

	private long version;

	private Instant lastChange;

	OrgState(String orgId, CuratedCatalog curated) {
		this(orgId, curated, null);
	}

	/**
	 * With the semantic signal of search from these vectors (R6.15); null: lexical only.
	 */
	OrgState(String orgId, CuratedCatalog curated, SentenceVectors vectors) {
		this.orgId = orgId;
		this.curated = curated;
		this.vectors = vectors;
		this.searchIndex = new SearchIndex();
	}

	private void settings(OrganizationSettings next) {
		boolean semantic = next.semanticSearch() && this.vectors != null;
		this.settings = next;
		if (semantic != this.searchIndex.semantic()) {
			this.searchIndex = new SearchIndex(semantic ? this.vectors : null);
			this.tools.values().forEach(this::index);
		}
	}

	/** Applies one event of this organisation; events of other types are ignored. */
	void apply(Object payload, Instant timestamp) {
		this.version++;
		this.lastChange = timestamp;
		if (payload instanceof OrganizationCreatedEvent e) {
			this.name = e.name();
			settings(e.settings());
		}
		else if (payload instanceof OrganizationSettingsChangedEvent e) {
			settings(e.after());
		}
		else if (payload instanceof ConnectorRegisteredEvent e) {
			this.customConnectors.put(e.connector().id(), e.connector());
			reindexConnector(e.connector().id());
		}
		else if (payload instanceof ConnectorUnregisteredEvent e) {
			this.customConnectors.remove(e.connectorId());
			reindexConnector(e.connectorId());
		}
		else if (payload instanceof MemberInvitedEvent e) {
			this.members.put(e.memberId(),
					new MemberView(e.memberId(), e.subject(), e.email(), e.role(), MemberStatus.ACTIVE));
			this.memberIdBySubject.put(e.subject(), e.memberId());
		}
		else if (payload instanceof MemberRoleChangedEvent e) {
			updateMember(e.memberId(), (m) -> new MemberView(m.memberId(), m.subject(), m.email(), e.to(), m.status()));
		}
		else if (payload instanceof MemberSuspendedEvent e) {
			updateMember(e.memberId(),
					(m) -> new MemberView(m.memberId(), m.subject(), m.email(), m.role(), MemberStatus.SUSPENDED));
		}
		else if (payload instanceof MemberReinstatedEvent e) {
			updateMember(e.memberId(),
					(m) -> new MemberView(m.memberId(), m.subject(), m.email(), m.role(), MemberStatus.ACTIVE));
		}
		else if (payload instanceof MemberRemovedEvent e) {
			updateMember(e.memberId(),
					(m) -> new MemberView(m.memberId(), m.subject(), m.email(), m.role(), MemberStatus.REMOVED));
			this.memberIdBySubject.remove(e.subject(), e.memberId());
		}
		else if (payload instanceof ConnectionCreatedEvent e) {
			this.connections.put(e.connectionId(), new ConnectionView(e.connectionId(), e.connectorId(), e.label(),
					e.ownerMemberId(), null, false, List.of()));
			reindexConnection(e.connectionId());
		}
		else if (payload instanceof ConnectionRelabeledEvent e) {
			updateConnection(e.connectionId(), (c) -> new ConnectionView(c.connectionId(), c.connectorId(), e.to(),
					c.ownerMemberId(), c.grant(), c.grantRevoked(), c.importedTools()));
			reindexConnection(e.connectionId());
		}
		else if (payload instanceof GrantStoredEvent e) {
			updateConnection(e.connectionId(), (c) -> new ConnectionView(c.connectionId(), c.connectorId(), c.label(),
					c.ownerMemberId(), e.grant(), false, c.importedTools()));
		}
		else if (payload instanceof GrantRotatedEvent e) {
			updateConnection(e.connectionId(), (c) -> new ConnectionView(c.connectionId(), c.connectorId(), c.label(),
					c.ownerMemberId(), e.grant(), false, c.importedTools()));
		}
		else if (payload instanceof GrantRevokedEvent e) {
			updateConnection(e.connectionId(), (c) -> new ConnectionView(c.connectionId(), c.connectorId(), c.label(),
					c.ownerMemberId(), null, true, c.importedTools()));
		}
		else if (payload instanceof ConnectionToolsRefreshedEvent e) {
			updateConnection(e.connectionId(), (c) -> new ConnectionView(c.connectionId(), c.connectorId(), c.label(),
					c.ownerMemberId(), c.grant(), c.grantRevoked(), List.copyOf(e.operations())));
			reindexConnection(e.connectionId());
		}
		else if (payload instanceof ConnectionDeletedEvent e) {
			this.connections.remove(e.connectionId());
			reindexConnection(e.connectionId());
		}
		else if (payload instanceof ToolboxCreatedEvent e) {
			this.toolboxes.put(e.toolboxId(),
					new ToolboxView(e.toolboxId(), e.name(), e.description(), List.of(), Set.of()));
		}
		else if (payload instanceof ToolboxEntryAddedEvent e) {
			updateToolboxEntries(e.toolboxId(), e.entry().entryId(),
					(entries) -> entries.put(e.entry().entryId(), e.entry()));
		}
		else if (payload instanceof ToolboxEntryUpdatedEvent e) {
			updateToolboxEntries(e.toolboxId(), e.after().entryId(),
					(entries) -> entries.put(e.after().entryId(), e.after()));
		}
		else if (payload instanceof ToolboxEntryRemovedEvent e) {
			updateToolboxEntries(e.toolboxId(), e.entryId(), (entries) -> entries.remove(e.entryId()));
		}
		else if (payload instanceof ToolboxGrantedEvent e) {
			updateToolboxGrants(e.toolboxId(), (grants) -> grants.add(e.target()));
		}
		else if (payload instanceof ToolboxRevokedEvent e) {
			updateToolboxGrants(e.toolboxId(), (grants) -> grants.remove(e.target()));
		}
		else if (payload instanceof ToolboxDeletedEvent e) {
			ToolboxView toolbox = this.toolboxes.remove(e.toolboxId());
			if (toolbox != null) {
				toolbox.entries()
					.forEach((entry) -> unindexEntry(ConnectedTools.entryKey(e.toolboxId(), entry.entryId())));
			}
		}
		else if (payload instanceof RestrictionCreatedEvent e) {
			putRestriction(new RestrictionView(e.restrictionId(), e.target(), e.rules()));
		}
		else if (payload instanceof RestrictionUpdatedEvent e) {
			putRestriction(new RestrictionView(e.restrictionId(), e.target(), e.after()));
		}
		else if (payload instanceof RestrictionDeletedEvent e) {
			RestrictionView removed = this.restrictions.remove(e.restrictionId());
			if (removed != null) {
				Map<String, RestrictionView> ofTarget = this.restrictionsByTarget.get(removed.target());
				ofTarget.remove(e.restrictionId());
				if (ofTarget.isEmpty()) {
					this.restrictionsByTarget.remove(removed.target());
				}
			}
		}
		else if (payload instanceof ConsentGrantedEvent e) {
			this.consents.on(e);
		}
		else if (payload instanceof ConsentRevokedEvent e) {
			this.consents.on(e);
		}
		else {
			this.version--;
		}
	}

	// ---- PolicySnapshot

	@Override
	public String orgId() {
		return this.orgId;
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public OrganizationSettings settings() {
		return this.settings;
	}

	@Override
	public long version() {
		return this.version;
	}

	@Override
	public Instant lastChange() {
		return this.lastChange;
	}

	@Override
	public MemberView memberBySubject(String subject) {
		String memberId = this.memberIdBySubject.get(subject);
		return (memberId != null) ? this.members.get(memberId) : null;
	}

	@Override
	public MemberView member(String memberId) {
		return this.members.get(memberId);
	}

	@Override
	public Collection<MemberView> members() {
		return this.members.values();
	}

	@Override
	public ConnectionView connection(String connectionId) {
		return this.connections.get(connectionId);
	}

	@Override
	public ConnectionView connectionByLabel(String label) {
		return this.connections.values().stream().filter((c) -> c.label().equals(label)).findFirst().orElse(null);
	}

	@Override
	public Collection<ConnectionView> connections() {
		return this.connections.values();
	}

	@Override
	public ToolboxView toolbox(String toolboxId) {
		return this.toolboxes.get(toolboxId);
	}

	@Override
	public Collection<ToolboxView> toolboxes() {
		return this.toolboxes.values();
	}

	@Override
	public Collection<RestrictionView> restrictions() {
		return this.restrictions.values();
	}

	@Override
	public ConsentView consent(String consentId) {
		return this.consents.consent(consentId);
	}

	@Override
	public RestrictionView restriction(String restrictionId) {
		return this.restrictions.get(restrictionId);
	}

	@Override
	public List<RestrictionView> restrictionsFor(Target target) {
		Map<String, RestrictionView> ofTarget = this.restrictionsByTarget.get(target);
		return (ofTarget != null) ? List.copyOf(ofTarget.values()) : List.of();
	}

	@Override
	public ConnectorDefinition connector(String connectorId) {
		ConnectorDefinition custom = this.customConnectors.get(connectorId);
		return (custom != null) ? custom : this.curated.connector(connectorId);
	}

	@Override
	public List<ConnectorDefinition> catalog() {
		List<ConnectorDefinition> all = new ArrayList<>(this.curated.connectors());
		all.addAll(this.customConnectors.values());
		return all;
	}

	@Override
	public boolean isCurated(String connectorId) {
		return this.curated.contains(connectorId) && !this.customConnectors.containsKey(connectorId);
	}

	@Override
	public ConnectedTool tool(String key) {
		return this.tools.get(key);
	}

	@Override
	public ConnectedTool toolByName(String advertisedName) {
		return this.toolsByName.get(advertisedName);
	}

	@Override
	public Collection<ConnectedTool> tools() {
		return this.tools.values();
	}

	@Override
	public Collection<ConnectedTool> accountTools(String connectionId) {
		Set<String> keys = this.accountToolsByConnection.getOrDefault(connectionId, Set.of());
		List<ConnectedTool> found = new ArrayList<>(keys.size());
		keys.forEach((key) -> found.add(this.tools.get(key)));
		return found;
	}

	@Override
	public SearchIndex searchIndex() {
		return this.searchIndex;
	}

	@Override
	public OperationDefinition operation(String connectionId, String operation) {
		ConnectionView connection = this.connections.get(connectionId);
		if (connection == null) {
			return null;
		}
		return operationsOf(connection).stream().filter((op) -> op.name().equals(operation)).findFirst().orElse(null);
	}

	@Override
	public List<OperationDefinition> operationsOf(ConnectionView connection) {
		ConnectorDefinition connector = connector(connection.connectorId());
		if (connector == null) {
			return List.of();
		}
		return (connector.kind() == ConnectorKind.MCP) ? connection.importedTools() : connector.operations();
	}

	// ---- incremental maintenance of the tool index

	private void reindexConnector(String connectorId) {
		for (ConnectionView connection : List.copyOf(this.connections.values())) {
			if (connection.connectorId().equals(connectorId)) {
				reindexConnection(connection.connectionId());
			}
		}
	}

	/** Re-derives the account tools of a connection and every toolbox entry it backs. */
	private void reindexConnection(String connectionId) {
		Set<String> previous = this.accountToolsByConnection.remove(connectionId);
		if (previous != null) {
			previous.forEach(this::removeTool);
		}
		ConnectionView connection = this.connections.get(connectionId);
		if (connection != null) {
			ConnectorDefinition connector = connector(connection.connectorId());
			if (connector != null) {
				Set<String> keys = new LinkedHashSet<>();
				for (OperationDefinition operation : operationsOf(connection)) {
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
			ToolboxView toolbox = this.toolboxes.get(parts[1]);
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

	private void reindexEntry(String toolboxId, ToolboxEntry entry) {
		String key = ConnectedTools.entryKey(toolboxId, entry.entryId());
		unindexEntry(key);
		for (String connectionId : entry.connectionIds()) {
			this.entriesByConnection.computeIfAbsent(connectionId, (id) -> new LinkedHashSet<>()).add(key);
		}
		ConnectorDefinition connector = connector(entry.operation().connectorId());
		if (connector == null) {
			return;
		}
		List<String> ids = new ArrayList<>();
		List<String> labels = new ArrayList<>();
		OperationDefinition operation = null;
		for (String connectionId : entry.connectionIds()) {
			ConnectionView connection = this.connections.get(connectionId);
			if (connection == null || !connection.connectorId().equals(connector.id())) {
				continue;
			}
			OperationDefinition found = operation(connectionId, entry.operation().operation());
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
	private void unindexEntry(String key) {
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

	private void putRestriction(RestrictionView restriction) {
		this.restrictions.put(restriction.restrictionId(), restriction);
		this.restrictionsByTarget.computeIfAbsent(restriction.target(), (target) -> new LinkedHashMap<>())
			.put(restriction.restrictionId(), restriction);
	}

	private void updateMember(String memberId, UnaryOperator<MemberView> change) {
		this.members.computeIfPresent(memberId, (id, member) -> change.apply(member));
	}

	private void updateConnection(String connectionId, UnaryOperator<ConnectionView> change) {
		this.connections.computeIfPresent(connectionId, (id, connection) -> change.apply(connection));
	}

	private void updateToolboxEntries(String toolboxId, String entryId, Consumer<Map<String, ToolboxEntry>> change) {
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
			reindexEntry(toolboxId, changed);
		}
		else {
			unindexEntry(ConnectedTools.entryKey(toolboxId, entryId));
		}
	}

	private void updateToolboxGrants(String toolboxId, Consumer<Set<Target>> change) {
		ToolboxView toolbox = this.toolboxes.get(toolboxId);
		if (toolbox != null) {
			Set<Target> grants = new LinkedHashSet<>(toolbox.grants());
			change.accept(grants);
			this.toolboxes.put(toolboxId, new ToolboxView(toolbox.toolboxId(), toolbox.name(), toolbox.description(),
					toolbox.entries(), Set.copyOf(grants)));
		}
	}

}
