package io.quiver.query.toolindex;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.Classification;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.ConnectorRegisteredEvent;
import io.quiver.command.catalog.api.CuratedCatalog;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.catalog.api.OperationRef;
import io.quiver.command.catalog.api.ParameterLocation;
import io.quiver.command.connection.api.ConnectionCreatedEvent;
import io.quiver.command.connection.api.ConnectionRelabeledEvent;
import io.quiver.command.connection.api.GrantRevokedEvent;
import io.quiver.command.member.api.MemberInvitedEvent;
import io.quiver.command.member.api.MemberRemovedEvent;
import io.quiver.command.member.api.MemberRoleChangedEvent;
import io.quiver.command.member.api.MemberSuspendedEvent;
import io.quiver.command.member.api.Role;
import io.quiver.command.member.api.Target;
import io.quiver.command.organization.api.OrganizationCreatedEvent;
import io.quiver.command.organization.api.OrganizationSettings;
import io.quiver.command.organization.api.OrganizationSettingsChangedEvent;
import io.quiver.command.restriction.api.RestrictionCreatedEvent;
import io.quiver.command.restriction.api.RestrictionDeletedEvent;
import io.quiver.command.restriction.api.RestrictionRules;
import io.quiver.command.restriction.api.RestrictionUpdatedEvent;
import io.quiver.command.toolbox.api.ToolboxCreatedEvent;
import io.quiver.command.toolbox.api.ToolboxEntry;
import io.quiver.command.toolbox.api.ToolboxEntryAddedEvent;
import io.quiver.command.toolbox.api.ToolboxGrantedEvent;
import io.quiver.query.access.Caller;
import io.quiver.query.access.Scope;
import io.quiver.query.gate.RestrictionPins;
import io.quiver.query.restriction.api.RestrictionInput;
import io.quiver.query.search.SentenceVectors;
import io.quiver.query.toolindex.api.MemberView;
import io.quiver.query.toolindex.api.PolicySnapshot;

/**
 * One organisation's policy state built by applying events to {@link OrgState}, the same
 * fold the live system and the replay use, for plain unit tests of the gates (no Spring,
 * no database). Restriction items are pinned by {@link RestrictionPins} against the state
 * at the moment they are written, as the restriction service does (SPEC R8.6). Ids are
 * fixed and readable: a member of subject {@code alice} is {@code m-alice}, a connection
 * labelled {@code echo-alice} is {@code c-echo-alice}.
 */
public final class PolicyFixture {

	public static final String ORG = "org-fixture";

	/**
	 * The custom connector {@code echo}: one operation per classification (SPEC R3.1).
	 */
	public static final ConnectorDefinition ECHO = new ConnectorDefinition("echo", "Echo", ConnectorKind.HTTP,
			"An echo API", "https://echo.example.com/v1",
			List.of(operation("get_item", "GET", "/items/{id}", Classification.READ),
					operation("create_item", "POST", "/items", Classification.WRITE),
					operation("delete_item", "DELETE", "/items/{id}", Classification.DESTRUCTIVE),
					operation("purge_all", "DELETE", "/items", Classification.FORBIDDEN)),
			Map.of(), false, 1);

	private static final CuratedCatalog CURATED = new CuratedCatalog();

	private final OrgState state;

	private final RestrictionPins pins = new RestrictionPins();

	private Instant clock = Instant.parse("2026-01-01T00:00:00Z");

	private int restrictions;

	public PolicyFixture() {
		this(null);
	}

	/** With the process's sentence vectors, for the semantic signal of search (R6.15). */
	public PolicyFixture(SentenceVectors vectors) {
		this.state = new OrgState(ORG, CURATED, vectors);
		apply(new OrganizationCreatedEvent(ORG, "Fixture", OrganizationSettings.DEFAULT));
		apply(new ConnectorRegisteredEvent(ORG, ECHO));
	}

	public PolicySnapshot snapshot() {
		return this.state;
	}

	/** Applies one event, one second after the previous one. */
	public PolicyFixture apply(Object event) {
		this.clock = this.clock.plusSeconds(1);
		this.state.apply(event, this.clock);
		return this;
	}

	public PolicyFixture collapseThreshold(int threshold) {
		apply(new OrganizationSettingsChangedEvent(ORG, this.state.settings(),
				new OrganizationSettings(threshold, this.state.settings().outbound())));
		return this;
	}

	public PolicyFixture semanticSearch(boolean on) {
		OrganizationSettings now = this.state.settings();
		apply(new OrganizationSettingsChangedEvent(ORG, now,
				new OrganizationSettings(now.collapseThreshold(), now.outbound(), now.scopeCaps(),
						now.callsPerMinutePerMember(), now.callsPerMinutePerConnection(), on)));
		return this;
	}

	public PolicyFixture rateLimits(int perMember, int perConnection) {
		OrganizationSettings now = this.state.settings();
		apply(new OrganizationSettingsChangedEvent(ORG, now, new OrganizationSettings(now.collapseThreshold(),
				now.outbound(), now.scopeCaps(), perMember, perConnection, now.semanticSearch())));
		return this;
	}

	// ---- members

	public static String memberId(String subject) {
		return "m-" + subject;
	}

	public PolicyFixture member(String subject, Role role) {
		return apply(new MemberInvitedEvent(ORG, memberId(subject), subject, null, role));
	}

	public PolicyFixture changeRole(String subject, Role to) {
		MemberView member = this.state.memberBySubject(subject);
		return apply(new MemberRoleChangedEvent(ORG, member.memberId(), member.role(), to));
	}

	public PolicyFixture suspend(String subject) {
		return apply(new MemberSuspendedEvent(ORG, memberId(subject)));
	}

	public PolicyFixture remove(String subject) {
		return apply(new MemberRemovedEvent(ORG, memberId(subject), subject));
	}

	/**
	 * The caller a token of this subject with these scopes resolves to now, as the edge
	 * does.
	 */
	public Caller caller(String subject, Scope... scopes) {
		MemberView member = this.state.memberBySubject(subject);
		if (member == null) {
			throw new IllegalArgumentException("no member '" + subject + "'");
		}
		return new Caller(ORG, member.memberId(), member.subject(), member.role(), member.status(),
				Set.copyOf(Arrays.asList(scopes)), "test");
	}

	/** Every scope: the ladder to destructive and {@code mcp:tools}. */
	public static Scope[] allScopes() {
		return Scope.values();
	}

	// ---- connections

	public static String connectionId(String label) {
		return "c-" + label;
	}

	/** A connection on a connector, owned by a member, with a fixed id from its label. */
	public PolicyFixture connection(String connectorId, String label, String ownerSubject) {
		return apply(new ConnectionCreatedEvent(ORG, connectionId(label), connectorId, label, memberId(ownerSubject)));
	}

	public PolicyFixture relabel(String connectionId, String to) {
		return apply(new ConnectionRelabeledEvent(ORG, connectionId, this.state.connection(connectionId).label(), to));
	}

	public PolicyFixture revokeGrant(String connectionId) {
		return apply(new GrantRevokedEvent(ORG, connectionId, "vault-" + connectionId));
	}

	// ---- toolboxes

	public PolicyFixture toolbox(String name, Target... grants) {
		apply(new ToolboxCreatedEvent(ORG, "t-" + name, name, null));
		for (Target grant : grants) {
			apply(new ToolboxGrantedEvent(ORG, "t-" + name, grant));
		}
		return this;
	}

	/**
	 * An entry of a toolbox on an operation ({@code echo.get_item}) backed by connections
	 * (by id), advertised as {@code name}.
	 */
	public PolicyFixture entry(String toolbox, String operation, String name, ObjectNode defaults, ObjectNode frozen,
			String... connectionIds) {
		String entryId = "e-" + name;
		return apply(new ToolboxEntryAddedEvent(ORG, "t-" + toolbox, new ToolboxEntry(entryId,
				OperationRef.parse(operation), List.of(connectionIds), name, defaults, frozen)));
	}

	public PolicyFixture entry(String toolbox, String operation, String name, String... connectionIds) {
		return entry(toolbox, operation, name, JsonNodeFactory.instance.objectNode(),
				JsonNodeFactory.instance.objectNode(), connectionIds);
	}

	// ---- restrictions

	/**
	 * A restriction on a target, items pinned now (R8.6); {@code allow} null means no
	 * allow rule, empty an allow rule naming nothing (R8.5). Returns its id.
	 */
	public String restrict(Target target, List<String> allow, List<String> block) {
		String id = "r-" + (++this.restrictions);
		apply(new RestrictionCreatedEvent(ORG, id, target, rules(allow, block)));
		return id;
	}

	public PolicyFixture updateRestriction(String restrictionId, List<String> allow, List<String> block) {
		var current = this.state.restriction(restrictionId);
		return apply(new RestrictionUpdatedEvent(ORG, restrictionId, current.target(), current.rules(),
				rules(allow, block)));
	}

	public PolicyFixture deleteRestriction(String restrictionId) {
		var current = this.state.restriction(restrictionId);
		return apply(new RestrictionDeletedEvent(ORG, restrictionId, current.target(), current.rules()));
	}

	private RestrictionRules rules(List<String> allow, List<String> block) {
		return this.pins.rules(this.state, new RestrictionInput(null, true, allow, true, block), null);
	}

	private static OperationDefinition operation(String name, String method, String path,
			Classification classification) {
		ObjectNode schema = JsonNodeFactory.instance.objectNode();
		schema.put("type", "object");
		ObjectNode properties = schema.putObject("properties");
		properties.putObject("id").put("type", "string");
		properties.putObject("title").put("type", "string");
		properties.putObject("folder_id").put("type", "string");
		Map<String, ParameterLocation> parameters = path.contains("{id}") ? Map.of("id", ParameterLocation.PATH)
				: Map.of();
		return new OperationDefinition(name, name, name.replace('_', ' '), method, path, schema, parameters, null, null,
				classification, null);
	}

}
