package io.quiver.query.toolindex.api;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.member.api.Target;
import io.quiver.command.organization.api.OrganizationSettings;
import io.quiver.query.search.api.Searchable;

/**
 * A consistent, read-only view of one organisation's policy state: what the gates read to
 * decide a call, a listing or a search. The live snapshot is current as of the request
 * (SPEC R9); a replayed one is the state as of an instant (R11).
 */
public interface PolicySnapshot {

	String orgId();

	String name();

	OrganizationSettings settings();

	/** Counts applied events; changes whenever the state does. */
	long version();

	/**
	 * What {@code compute} answers on this state for {@code key}, computed once and kept
	 * until the next event changes the state: for answers that are a function of the
	 * state and the key alone (what a caller sees, {@code ToolSurface}), asked by every
	 * request although the state changes far less often. The answer is shared by the
	 * requests that ask while the state holds, so it must not be changed by any of them.
	 */
	<V> V derived(Object key, Supplier<V> compute);

	/** Time of the last applied event, or null. */
	Instant lastChange();

	/** The member a subject maps to (removed members no longer map), or null. */
	MemberView memberBySubject(String subject);

	MemberView member(String memberId);

	/**
	 * The member a caller named, by id or, failing that, by subject (removed members no
	 * longer map by subject), or null.
	 */
	default MemberView memberByIdOrSubject(String idOrSubject) {
		MemberView found = member(idOrSubject);
		return (found != null) ? found : memberBySubject(idOrSubject);
	}

	Collection<MemberView> members();

	ConnectionView connection(String connectionId);

	ConnectionView connectionByLabel(String label);

	Collection<ConnectionView> connections();

	ToolboxView toolbox(String toolboxId);

	Collection<ToolboxView> toolboxes();

	Collection<RestrictionView> restrictions();

	RestrictionView restriction(String restrictionId);

	/** A consent to a client (SPEC R14.3), revoked or not, or null. */
	ConsentView consent(String consentId);

	/** The restrictions whose target is exactly this one. */
	List<RestrictionView> restrictionsFor(Target target);

	/** A curated or custom connector of the organisation's catalog, or null. */
	ConnectorDefinition connector(String connectorId);

	/** The organisation's OAuth client of a connector, or null when none was set. */
	OAuthClientView oauthClient(String connectorId);

	/** Every connector of the organisation's catalog: curated, then custom. */
	List<ConnectorDefinition> catalog();

	boolean isCurated(String connectorId);

	/** A connected tool by index key, or null. */
	ConnectedTool tool(String key);

	/** A connected tool by advertised name, or null. */
	ConnectedTool toolByName(String advertisedName);

	/** Every connected tool of the organisation (not filtered for any caller). */
	Collection<ConnectedTool> tools();

	/** The account tools of one connection. */
	Collection<ConnectedTool> accountTools(String connectionId);

	/** The organisation's search index over its connected tools. */
	Searchable searchIndex();

	/** An operation as a connection offers it (catalog or imported), or null. */
	OperationDefinition operation(String connectionId, String operation);

	/** The operations a connection offers. */
	List<OperationDefinition> operationsOf(ConnectionView connection);

}
