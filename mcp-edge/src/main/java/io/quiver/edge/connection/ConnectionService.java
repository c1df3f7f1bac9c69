package io.quiver.edge.connection;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.connection.api.ConnectionErrorCode;
import io.quiver.command.connection.api.CreateConnectionCommand;
import io.quiver.command.connection.api.CredentialType;
import io.quiver.command.connection.api.DeleteConnectionCommand;
import io.quiver.command.connection.api.GrantReference;
import io.quiver.command.connection.api.RefreshConnectionToolsCommand;
import io.quiver.command.connection.api.RelabelConnectionCommand;
import io.quiver.command.connection.api.RevokeGrantCommand;
import io.quiver.command.connection.api.StoreGrantCommand;
import io.quiver.command.connection.vault.Credential;
import io.quiver.command.connection.vault.CredentialUnavailableException;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.command.member.api.MemberStatus;
import io.quiver.command.naming.api.NamingRules;
import io.quiver.command.shared.api.Actor;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.oauth.ConnectStates;
import io.quiver.edge.oauth.McpAuthorizationDiscovery;
import io.quiver.edge.oauth.OAuthConnect;
import io.quiver.edge.oauth.OAuthFailure;
import io.quiver.edge.oauth.OAuthGrants;
import io.quiver.edge.oauth.OAuthProvider;
import io.quiver.edge.oauth.OAuthProviders;
import io.quiver.edge.support.Commands;
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.edge.support.Queries;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.access.Permission;
import io.quiver.query.connection.api.ConnectionSummary;
import io.quiver.query.connection.api.FindConnectionQuery;
import io.quiver.query.connection.api.FindConnectionsQuery;
import io.quiver.query.gate.RestrictionDecision;
import io.quiver.query.gate.RestrictionGate;
import io.quiver.query.toolindex.api.ConnectionView;
import io.quiver.query.toolindex.api.MemberView;
import io.quiver.query.toolindex.api.OAuthClientView;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.stereotype.Service;

/**
 * Connections of the caller's organisation (SPEC R13 {@code connections}), for every
 * edge. A MEMBER manages its own connections; OWNER and ADMIN every member's (R2.4).
 * Creating one consults the restriction resolver for its owner (R8.7: connect). Secrets
 * go to the vault before the command and are erased again if the command is refused, so a
 * refusal leaves nothing behind.
 */
@Service
public class ConnectionService {

	private final ControlPlaneAccess access;

	private final Commands commands;

	private final Queries queries;

	private final PolicyStore policies;

	private final RestrictionGate restrictions;

	private final CredentialVault vault;

	private final UpstreamToolImport upstream;

	private final OAuthConnect oauth;

	private final OAuthGrants grants;

	private final McpAuthorizationDiscovery discovery;

	public ConnectionService(ControlPlaneAccess access, Commands commands, Queries queries, PolicyStore policies,
			RestrictionGate restrictions, CredentialVault vault, UpstreamToolImport upstream, OAuthConnect oauth,
			OAuthGrants grants, McpAuthorizationDiscovery discovery) {
		this.discovery = discovery;
		this.access = access;
		this.commands = commands;
		this.queries = queries;
		this.policies = policies;
		this.restrictions = restrictions;
		this.vault = vault;
		this.upstream = upstream;
		this.oauth = oauth;
		this.grants = grants;
	}

	public List<ConnectionSummary> list(Caller caller) {
		this.access.require(caller, ControlPlaneOperation.CONNECTIONS_LIST);
		String owner = caller.holds(Permission.CONNECTIONS_READ_ALL) ? null : caller.memberId();
		return this.queries.list(new FindConnectionsQuery(caller.orgId(), owner), ConnectionSummary.class);
	}

	/**
	 * How many tools each connection offers, by connection id: its connector's operations
	 * for an {@code http} connector, those imported from the server for {@code mcp}.
	 */
	public Map<String, Integer> toolCounts(Caller caller, List<ConnectionSummary> connections) {
		Map<String, Integer> counts = new HashMap<>();
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			for (ConnectionSummary connection : connections) {
				ConnectionView view = lease.snapshot().connection(connection.connectionId());
				counts.put(connection.connectionId(), (view != null) ? lease.snapshot().operationsOf(view).size() : 0);
			}
		}
		return counts;
	}

	public ConnectionSummary get(Caller caller, String connection) {
		this.access.require(caller, ControlPlaneOperation.CONNECTIONS_GET);
		return findReadable(caller, connection);
	}

	/**
	 * Creates a connection. Without a credential, on a connector with OAuth, the
	 * connection is {@code pending-authorization} and the answer carries the
	 * {@code authorizationUrl} its owner opens (SPEC R4.5).
	 */
	public Connected create(Caller caller, String connectorId, String label, JsonNode credentialArgument,
			String owner) {
		this.access.require(caller, ControlPlaneOperation.CONNECTIONS_CREATE);
		String problem = NamingRules.prefixProblem(label);
		if (problem != null) {
			throw new CommandRejectedException(ConnectionErrorCode.INVALID_LABEL, problem);
		}
		Credential credential = Credentials.parse(credentialArgument);
		ConnectorDefinition connector;
		String ownerId;
		OAuthProvider provider = null;
		OAuthClientView client;
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			PolicySnapshot policy = lease.snapshot();
			connector = requireConnector(policy, connectorId);
			client = policy.oauthClient(connector.id());
			if (credential == null && connector.oauth() != null) {
				provider = OAuthProviders.declared(policy, connector);
			}
			MemberView ownerMember = resolveOwner(policy, caller, owner);
			ownerId = ownerMember.memberId();
			RestrictionDecision decision = this.restrictions.decideConnector(policy, ownerMember.subject(),
					ownerMember.role(), connector.id());
			if (!decision.allowed()) {
				throw new CommandRejectedException(CommonErrorCode.PERMISSION_DENIED, "cannot connect " + connector.id()
						+ " for " + ownerMember.subject() + ": " + decision.reason());
			}
		}
		String connectionId = "c-" + UUID.randomUUID();
		if (credential == null && connector.kind() == ConnectorKind.MCP) {
			provider = oauthCall(() -> this.discovery.discover(caller.orgId(), connector, client));
		}
		if (provider != null) {
			return startAuthorization(caller, connector, label, ownerId, connectionId, provider);
		}
		GrantReference grant = null;
		try {
			if (credential != null) {
				grant = this.vault.store(caller.orgId(), connectionId, credential);
			}
			List<OperationDefinition> operations = (connector.kind() == ConnectorKind.MCP)
					? importTools(connector, credential, label) : List.of();
			this.commands.send(caller, new CreateConnectionCommand(connectionId, caller.orgId(), connector.id(), label,
					ownerId, grant, operations));
		}
		catch (RuntimeException ex) {
			this.vault.eraseConnection(caller.orgId(), connectionId);
			throw ex;
		}
		return Connected.of(find(caller, connectionId));
	}

	private Connected startAuthorization(Caller caller, ConnectorDefinition connector, String label, String ownerId,
			String connectionId, OAuthProvider provider) {
		// started before the connection exists: a refusal (a redirect URI that would
		// carry
		// codes in clear, an endpoint that is refused) leaves no connection behind
		URI authorization = oauthCall(() -> this.oauth.start(caller.orgId(), ownerId, connectionId, provider));
		this.commands.send(caller, new CreateConnectionCommand(connectionId, caller.orgId(), connector.id(), label,
				ownerId, null, List.of(), true));
		return pendingAnswer(caller, find(caller, connectionId), connector, authorization);
	}

	private Connected pendingAnswer(Caller caller, ConnectionSummary connection, ConnectorDefinition connector,
			URI authorization) {
		String whose = connection.ownerMemberId().equals(caller.memberId()) ? ""
				: " The connection is another member's: whoever opens the link first links their own account at "
						+ connector.label() + " to it, so hand it to its owner rather than opening it.";
		return new Connected(connection, authorization.toString(),
				"Open authorizationUrl in your browser and allow access at " + connector.label()
						+ " (the link works once, in the browser that opens it, and expires; do not forward it). "
						+ "Connection '" + connection.label()
						+ "' is pending-authorization until then; its tools answer once it is authorized." + whose);
	}

	/**
	 * The label of the connection an authorization in flight is for (its id once
	 * deleted).
	 */
	public String labelOf(ConnectStates.Pending pending) {
		ConnectionSummary connection = this.queries
			.one(new FindConnectionQuery(pending.orgId(), pending.connectionId()), ConnectionSummary.class);
		return (connection != null) ? connection.label() : pending.connectionId();
	}

	/**
	 * Completes an authorization on the callback: stores the grant in the vault, imports
	 * an MCP connection's tools with it, and records the grant as its owner. Nothing is
	 * left behind when a step fails. An OAuth grant it replaces is revoked at its
	 * provider afterwards: Quiver does not leave a live grant behind that it no longer
	 * holds.
	 */
	public ConnectionSummary completeAuthorization(OAuthConnect.Completed completed) {
		ConnectStates.Pending pending = completed.pending();
		ConnectorDefinition connector;
		ConnectionView connection;
		MemberView owner;
		try (PolicyLease lease = this.policies.open(pending.orgId())) {
			PolicySnapshot policy = lease.snapshot();
			connection = policy.connection(pending.connectionId());
			owner = policy.member(pending.memberId());
			connector = (connection != null) ? policy.connector(connection.connectorId()) : null;
		}
		if (connection == null || connector == null || !connection.ownerMemberId().equals(pending.memberId())
				|| owner == null || owner.status() != MemberStatus.ACTIVE) {
			this.grants.revokeAtProvider(pending.orgId(), pending.connectionId(), completed.grant());
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND, "the connection this authorization was "
					+ "started for was deleted, or its owner is no longer an active member; nothing was stored");
		}
		Actor actor = new Actor(owner.memberId(), owner.subject(), "oauth-callback", owner.role().name());
		Credential replaced = oauthGrant(pending.orgId(), connection);
		GrantReference grant = this.vault.store(pending.orgId(), pending.connectionId(), completed.grant());
		try {
			List<OperationDefinition> operations = (connector.kind() == ConnectorKind.MCP)
					? importTools(connector, completed.grant(), connection.label()) : null;
			this.commands.sendAs(actor, new StoreGrantCommand(pending.connectionId(), pending.orgId(), grant));
			if (operations != null) {
				this.commands.sendAs(actor,
						new RefreshConnectionToolsCommand(pending.connectionId(), pending.orgId(), operations));
			}
		}
		catch (RuntimeException ex) {
			this.vault.erase(grant.vaultRef());
			throw ex;
		}
		if (replaced != null) {
			this.grants.revokeAtProvider(pending.orgId(), pending.connectionId(), replaced);
		}
		return this.queries.one(new FindConnectionQuery(pending.orgId(), pending.connectionId()),
				ConnectionSummary.class);
	}

	/** A connection whose OAuth authorization is to be (re)done. */
	private static boolean awaitsAuthorization(ConnectionView connection) {
		return connection != null && (connection.authorization() != ConnectionView.Authorization.NONE
				|| (connection.grant() == null && connection.grantRevoked()));
	}

	private static <T> T oauthCall(java.util.function.Supplier<T> step) {
		try {
			return step.get();
		}
		catch (OAuthFailure ex) {
			throw new CommandRejectedException(ConnectionErrorCode.AUTHORIZATION_FAILED, ex.getMessage());
		}
	}

	public ConnectionSummary relabel(Caller caller, String connection, String label) {
		this.access.require(caller, ControlPlaneOperation.CONNECTIONS_RELABEL);
		ConnectionSummary target = findManageable(caller, connection);
		this.commands.send(caller, new RelabelConnectionCommand(target.connectionId(), caller.orgId(), label));
		return find(caller, target.connectionId());
	}

	/**
	 * Re-imports an MCP connection's tools (with its stored credential, or a new one that
	 * then replaces it); for an HTTP connection, stores the new credential if one is
	 * given.
	 */
	public Connected refresh(Caller caller, String connection, JsonNode credentialArgument) {
		this.access.require(caller, ControlPlaneOperation.CONNECTIONS_REFRESH);
		ConnectionSummary target = findManageable(caller, connection);
		Credential fresh = Credentials.parse(credentialArgument);
		ConnectorDefinition connector;
		ConnectionView current;
		OAuthProvider provider = null;
		OAuthClientView client;
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			connector = requireConnector(lease.snapshot(), target.connectorId());
			current = lease.snapshot().connection(target.connectionId());
			if (fresh == null && connector.oauth() != null && awaitsAuthorization(current)) {
				provider = OAuthProviders.declared(lease.snapshot(), connector);
			}
			client = lease.snapshot().oauthClient(connector.id());
		}
		if (fresh == null && connector.kind() == ConnectorKind.MCP && awaitsAuthorization(current)) {
			ConnectorDefinition server = connector;
			provider = oauthCall(() -> this.discovery.discover(caller.orgId(), server, client));
		}
		if (provider != null) {
			OAuthProvider reconnect = provider;
			URI authorization = oauthCall(
					() -> this.oauth.start(caller.orgId(), current.ownerMemberId(), target.connectionId(), reconnect));
			return pendingAnswer(caller, target, connector, authorization);
		}
		Credential credential = fresh;
		if (credential == null && current != null && current.grant() != null) {
			credential = this.vault.read(caller.orgId(), current.grant().vaultRef());
		}
		List<OperationDefinition> operations = (connector.kind() == ConnectorKind.MCP)
				? importTools(connector, credential, target.label()) : null;
		if (fresh != null) {
			GrantReference grant = this.vault.store(caller.orgId(), target.connectionId(), fresh);
			try {
				this.commands.send(caller, new StoreGrantCommand(target.connectionId(), caller.orgId(), grant));
			}
			catch (RuntimeException ex) {
				this.vault.erase(grant.vaultRef());
				throw ex;
			}
		}
		if (operations != null) {
			this.commands.send(caller,
					new RefreshConnectionToolsCommand(target.connectionId(), caller.orgId(), operations));
		}
		return Connected.of(find(caller, target.connectionId()));
	}

	public ConnectionSummary revokeGrant(Caller caller, String connection) {
		this.access.require(caller, ControlPlaneOperation.CONNECTIONS_REVOKE_GRANT);
		ConnectionSummary target = findManageable(caller, connection);
		revokeAtProvider(caller, target);
		this.commands.send(caller, new RevokeGrantCommand(target.connectionId(), caller.orgId()));
		return find(caller, target.connectionId());
	}

	public ConnectionSummary delete(Caller caller, String connection) {
		this.access.require(caller, ControlPlaneOperation.CONNECTIONS_DELETE);
		ConnectionSummary target = findManageable(caller, connection);
		revokeAtProvider(caller, target);
		this.commands.send(caller, new DeleteConnectionCommand(target.connectionId(), caller.orgId()));
		return target;
	}

	/**
	 * An OAuth grant is revoked at its provider, where the provider offers revocation,
	 * before Quiver erases it (SPEC R4.5); a provider that cannot be reached does not
	 * stop the local revocation.
	 */
	private void revokeAtProvider(Caller caller, ConnectionSummary target) {
		ConnectionView current;
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			current = lease.snapshot().connection(target.connectionId());
		}
		Credential credential = oauthGrant(caller.orgId(), current);
		if (credential != null) {
			this.grants.revokeAtProvider(caller.orgId(), target.connectionId(), credential);
		}
	}

	/** The OAuth grant a connection holds, or null (none, another kind, or erased). */
	private Credential oauthGrant(String orgId, ConnectionView current) {
		if (current == null || current.grant() == null || current.grant().type() != CredentialType.OAUTH) {
			return null;
		}
		try {
			return this.vault.read(orgId, current.grant().vaultRef());
		}
		catch (CredentialUnavailableException ex) {
			return null;
		}
	}

	private List<OperationDefinition> importTools(ConnectorDefinition connector, Credential credential, String label) {
		try {
			return this.upstream.importTools(connector, credential);
		}
		catch (CommandRejectedException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw new CommandRejectedException(ConnectionErrorCode.UPSTREAM_UNAVAILABLE,
					"could not import the tools of " + connector.id() + " for connection '" + label + "': "
							+ ex.getMessage());
		}
	}

	private static ConnectorDefinition requireConnector(PolicySnapshot policy, String connectorId) {
		if (connectorId == null || connectorId.isBlank()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT,
					"'connector' is required: the id of a catalog connector, e.g. notion; see quiver__catalog__browse");
		}
		ConnectorDefinition connector = policy.connector(connectorId);
		if (connector == null) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
					"no connector '" + connectorId + "' in this organisation's catalog; see quiver__catalog__browse");
		}
		return connector;
	}

	private MemberView resolveOwner(PolicySnapshot policy, Caller caller, String owner) {
		if (owner == null || owner.isBlank() || owner.equals(caller.memberId()) || owner.equals(caller.subject())) {
			return policy.member(caller.memberId());
		}
		this.access.require(caller, Permission.CONNECTIONS_WRITE_ALL, "creating a connection for another member needs");
		MemberView member = policy.memberByIdOrSubject(owner);
		if (member == null || member.status() != MemberStatus.ACTIVE) {
			throw new CommandRejectedException(CommonErrorCode.NOT_FOUND,
					"no active member '" + owner + "' to own the connection");
		}
		return member;
	}

	private ConnectionSummary findReadable(Caller caller, String connection) {
		ConnectionSummary found = find(caller, connection);
		if (!found.ownerMemberId().equals(caller.memberId()) && !caller.holds(Permission.CONNECTIONS_READ_ALL)) {
			throw notFound(caller, connection);
		}
		return found;
	}

	private ConnectionSummary findManageable(Caller caller, String connection) {
		ConnectionSummary found = findReadable(caller, connection);
		if (!found.ownerMemberId().equals(caller.memberId())) {
			this.access.require(caller, Permission.CONNECTIONS_WRITE_ALL, "managing another member's connection needs");
		}
		return found;
	}

	private ConnectionSummary find(Caller caller, String connection) {
		if (connection == null || connection.isBlank()) {
			throw new CommandRejectedException(CommonErrorCode.INVALID_INPUT, "name a connection by id or label");
		}
		ConnectionSummary found = this.queries.one(new FindConnectionQuery(caller.orgId(), connection),
				ConnectionSummary.class);
		if (found == null) {
			throw notFound(caller, connection);
		}
		return found;
	}

	private static CommandRejectedException notFound(Caller caller, String connection) {
		return new CommandRejectedException(CommonErrorCode.NOT_FOUND,
				"no connection '" + connection + "' of yours in organisation '" + caller.orgId() + "'");
	}

}
