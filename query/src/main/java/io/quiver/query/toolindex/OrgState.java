package io.quiver.query.toolindex;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.ConnectorRegisteredEvent;
import io.quiver.command.catalog.api.ConnectorUnregisteredEvent;
import io.quiver.command.catalog.api.CuratedCatalog;
import io.quiver.command.catalog.api.OAuthClientSetEvent;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.client.api.ConsentGrantedEvent;
import io.quiver.command.client.api.ConsentRevokedEvent;
import io.quiver.command.connection.api.ConnectionCreatedEvent;
import io.quiver.command.connection.api.ConnectionDeletedEvent;
import io.quiver.command.connection.api.ConnectionRelabeledEvent;
import io.quiver.command.connection.api.ConnectionToolsRefreshedEvent;
import io.quiver.command.connection.api.ConnectionAuthorizationPendingEvent;
import io.quiver.command.connection.api.GrantRevokedEvent;
import io.quiver.command.connection.api.GrantRotatedEvent;
import io.quiver.command.connection.api.GrantStoredEvent;
import io.quiver.command.connection.api.ReauthorizationNeededEvent;
import io.quiver.command.member.api.MemberInvitedEvent;
import io.quiver.command.member.api.MemberReinstatedEvent;
import io.quiver.command.member.api.MemberRemovedEvent;
import io.quiver.command.member.api.MemberRoleChangedEvent;
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
import io.quiver.command.toolbox.api.ToolboxEntryAddedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryRemovedEvent;
import io.quiver.command.toolbox.api.ToolboxEntryUpdatedEvent;
import io.quiver.command.toolbox.api.ToolboxGrantedEvent;
import io.quiver.command.toolbox.api.ToolboxRevokedEvent;
import io.quiver.query.search.SearchIndex;
import io.quiver.query.search.SentenceVectors;
import io.quiver.query.toolindex.api.ConnectedTool;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.OAuthClientView;
import io.quiver.query.toolindex.api.ConsentView;
import io.quiver.query.toolindex.api.MemberView;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.RestrictionView;
import io.quiver.query.toolindex.api.ToolboxView;

/**
 * One organisation's policy state, folded from its events (SPEC R5, R6): per feature, a
 * fold of its own (members, connections, toolboxes, restrictions, the catalog, client
 * consents), and the connected tools derived from them with their search index
 * ({@link ConnectedToolIndex}, maintained incrementally: an event re-derives only the
 * tools it touches). Each event type is dispatched to the one fold that handles it.
 * <p>
 * The same fold serves the live state (fed by {@link ToolIndexFeed}) and the compliance
 * replay as of an instant (fed with the events up to it), so the two cannot disagree.
 * <p>
 * Not thread-safe: {@link ToolIndex} guards each organisation with a read-write lock.
 */
public final class OrgState implements PolicySnapshot {

	private final String orgId;

	private String name;

	private OrganizationSettings settings = OrganizationSettings.DEFAULT;

	private final ConnectedToolIndex tools = new ConnectedToolIndex(this);

	private final MemberFold members = new MemberFold();

	private final ConnectionFold connections = new ConnectionFold(this.tools);

	private final ToolboxFold toolboxes = new ToolboxFold(this.tools);

	private final RestrictionFold restrictions = new RestrictionFold();

	private final CatalogFold catalog;

	private final ClientConsents consents = new ClientConsents();

	/** The process's sentence vectors, or null where the model is not available. */
	private final SentenceVectors vectors;

	/** Each event type this state folds, to the fold that handles it. */
	private final Map<Class<?>, Consumer<Object>> folds = new HashMap<>();

	private long version;

	/**
	 * Answers derived from this state ({@link #derived}), forgotten whenever an event
	 * changes it; past {@value #DERIVED_LIMIT} keys (that many distinct callers between
	 * two changes) forgotten at once, so that the memory stays bounded: at 500 visible
	 * tools a kept surface is about 2 KB, a search scope 8 KB (docs/scale-out.md,
	 * memory).
	 */
	private final Map<Object, Object> derived = new ConcurrentHashMap<>();

	static final int DERIVED_LIMIT = 256;

	private Instant lastChange;

	OrgState(String orgId, CuratedCatalog curated) {
		this(orgId, curated, null);
	}

	/**
	 * With the semantic signal of search from these vectors (R6.15); null: lexical only.
	 */
	OrgState(String orgId, CuratedCatalog curated, SentenceVectors vectors) {
		this.orgId = orgId;
		this.vectors = vectors;
		this.catalog = new CatalogFold(curated, this.tools);
		on(OrganizationCreatedEvent.class, (e) -> {
			this.name = e.name();
			settings(e.settings());
		});
		on(OrganizationSettingsChangedEvent.class, (e) -> settings(e.after()));
		on(ConnectorRegisteredEvent.class, this.catalog::on);
		on(ConnectorUnregisteredEvent.class, this.catalog::on);
		on(OAuthClientSetEvent.class, this.catalog::on);
		on(MemberInvitedEvent.class, this.members::on);
		on(MemberRoleChangedEvent.class, this.members::on);
		on(MemberSuspendedEvent.class, this.members::on);
		on(MemberReinstatedEvent.class, this.members::on);
		on(MemberRemovedEvent.class, this.members::on);
		on(ConnectionCreatedEvent.class, this.connections::on);
		on(ConnectionRelabeledEvent.class, this.connections::on);
		on(GrantStoredEvent.class, this.connections::on);
		on(GrantRotatedEvent.class, this.connections::on);
		on(GrantRevokedEvent.class, this.connections::on);
		on(ConnectionAuthorizationPendingEvent.class, this.connections::on);
		on(ReauthorizationNeededEvent.class, this.connections::on);
		on(ConnectionToolsRefreshedEvent.class, this.connections::on);
		on(ConnectionDeletedEvent.class, this.connections::on);
		on(ToolboxCreatedEvent.class, this.toolboxes::on);
		on(ToolboxEntryAddedEvent.class, this.toolboxes::on);
		on(ToolboxEntryUpdatedEvent.class, this.toolboxes::on);
		on(ToolboxEntryRemovedEvent.class, this.toolboxes::on);
		on(ToolboxGrantedEvent.class, this.toolboxes::on);
		on(ToolboxRevokedEvent.class, this.toolboxes::on);
		on(ToolboxDeletedEvent.class, this.toolboxes::on);
		on(RestrictionCreatedEvent.class, this.restrictions::on);
		on(RestrictionUpdatedEvent.class, this.restrictions::on);
		on(RestrictionDeletedEvent.class, this.restrictions::on);
		on(ConsentGrantedEvent.class, this.consents::on);
		on(ConsentRevokedEvent.class, this.consents::on);
	}

	private void settings(OrganizationSettings next) {
		this.settings = next;
		this.tools.searchWith((next.semanticSearch()) ? this.vectors : null);
	}

	private <E> void on(Class<E> type, Consumer<E> fold) {
		this.folds.put(type, (event) -> fold.accept(type.cast(event)));
	}

	/** Applies one event of this organisation; events of other types are ignored. */
	void apply(Object payload, Instant timestamp) {
		this.lastChange = timestamp;
		Consumer<Object> fold = this.folds.get(payload.getClass());
		if (fold != null) {
			this.version++;
			this.derived.clear();
			fold.accept(payload);
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
	@SuppressWarnings("unchecked")
	public <V> V derived(Object key, Supplier<V> compute) {
		Object known = this.derived.get(key);
		if (known != null) {
			return (V) known;
		}
		V value = compute.get();
		if (this.derived.size() >= DERIVED_LIMIT) {
			this.derived.clear();
		}
		this.derived.put(key, value);
		return value;
	}

	@Override
	public Instant lastChange() {
		return this.lastChange;
	}

	@Override
	public MemberView memberBySubject(String subject) {
		return this.members.bySubject(subject);
	}

	@Override
	public MemberView member(String memberId) {
		return this.members.get(memberId);
	}

	@Override
	public Collection<MemberView> members() {
		return this.members.all();
	}

	@Override
	public ConnectionView connection(String connectionId) {
		return this.connections.get(connectionId);
	}

	@Override
	public ConnectionView connectionByLabel(String label) {
		return this.connections.byLabel(label);
	}

	@Override
	public Collection<ConnectionView> connections() {
		return this.connections.all();
	}

	@Override
	public ToolboxView toolbox(String toolboxId) {
		return this.toolboxes.get(toolboxId);
	}

	@Override
	public Collection<ToolboxView> toolboxes() {
		return this.toolboxes.all();
	}

	@Override
	public Collection<RestrictionView> restrictions() {
		return this.restrictions.all();
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
		return this.restrictions.of(target);
	}

	@Override
	public ConnectorDefinition connector(String connectorId) {
		return this.catalog.connector(connectorId);
	}

	@Override
	public OAuthClientView oauthClient(String connectorId) {
		return this.catalog.oauthClient(connectorId);
	}

	@Override
	public List<ConnectorDefinition> catalog() {
		return this.catalog.all();
	}

	@Override
	public boolean isCurated(String connectorId) {
		return this.catalog.isCurated(connectorId);
	}

	@Override
	public ConnectedTool tool(String key) {
		return this.tools.get(key);
	}

	@Override
	public ConnectedTool toolByName(String advertisedName) {
		return this.tools.byName(advertisedName);
	}

	@Override
	public Collection<ConnectedTool> tools() {
		return this.tools.all();
	}

	@Override
	public Collection<ConnectedTool> accountTools(String connectionId) {
		return this.tools.ofAccount(connectionId);
	}

	@Override
	public SearchIndex searchIndex() {
		return this.tools.searchIndex();
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

}
