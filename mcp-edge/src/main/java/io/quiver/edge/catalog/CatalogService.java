package io.quiver.edge.catalog;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.quiver.command.catalog.api.CatalogErrorCode;
import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.OperationRef;
import io.quiver.command.catalog.api.RegisterConnectorCommand;
import io.quiver.command.catalog.api.SetOAuthClientCommand;
import io.quiver.command.connection.vault.CredentialVault;
import io.quiver.command.catalog.api.UnregisterConnectorCommand;
import io.quiver.command.shared.api.CommandRejectedException;
import io.quiver.command.shared.api.CommonErrorCode;
import io.quiver.edge.oauth.OAuthConnect;
import io.quiver.edge.oauth.OAuthFailure;
import io.quiver.edge.support.Commands;
import io.quiver.edge.support.ControlPlaneAccess;
import io.quiver.query.access.Caller;
import io.quiver.query.access.ControlPlaneOperation;
import io.quiver.query.gate.RestrictionGate;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.stereotype.Service;

/**
 * The organisation's catalog (SPEC R4.1, R13 {@code catalog}): curated connectors and the
 * ones an admin registered. Browsing consults the restriction resolver (R8.7: browse): a
 * connector the caller is restricted from is neither listed nor shown.
 */
@Service
public class CatalogService {

	private final ControlPlaneAccess access;

	private final Commands commands;

	private final PolicyStore policies;

	private final RestrictionGate restrictions;

	private final ConnectorDocumentImport documents;

	private final CredentialVault vault;

	private final OAuthConnect oauth;

	public CatalogService(ControlPlaneAccess access, Commands commands, PolicyStore policies,
			RestrictionGate restrictions, ConnectorDocumentImport documents, CredentialVault vault,
			OAuthConnect oauth) {
		this.access = access;
		this.commands = commands;
		this.policies = policies;
		this.restrictions = restrictions;
		this.documents = documents;
		this.vault = vault;
		this.oauth = oauth;
	}

	/**
	 * Sets the organisation's OAuth client of a connector (SPEC R4.5): the secret goes to
	 * the vault, the event carries its ref; a refused command leaves no secret behind.
	 */
	public OAuthClientSummary setOAuthClient(Caller caller, String connectorId, String clientId, String clientSecret) {
		this.access.require(caller, ControlPlaneOperation.CATALOG_SET_OAUTH_CLIENT);
		if (clientSecret != null && (clientSecret.length() > 2000 || clientSecret.chars().anyMatch((c) -> c < ' '))) {
			throw invalid("clientSecret must be at most 2000 characters without control characters");
		}
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			ConnectorDefinition connector = (connectorId != null) ? lease.snapshot().connector(connectorId) : null;
			if (connector != null && connector.kind() == ConnectorKind.HTTP && connector.oauth() == null) {
				throw invalid("connector '" + connectorId + "' declares no OAuth endpoints, so it takes no OAuth "
						+ "client; its connections take a pasted credential");
			}
		}
		String secretRef = (clientSecret != null && !clientSecret.isEmpty())
				? this.vault.storeSecret(caller.orgId(), "oauth-client:" + connectorId, clientSecret) : null;
		try {
			this.commands.send(caller, new SetOAuthClientCommand(caller.orgId(), connectorId, clientId, secretRef));
		}
		catch (RuntimeException ex) {
			this.vault.erase(secretRef);
			throw ex;
		}
		String redirect;
		try {
			redirect = this.oauth.redirectUri().toString();
		}
		catch (OAuthFailure ex) {
			redirect = null;
		}
		return new OAuthClientSummary(connectorId, clientId, secretRef != null, redirect);
	}

	public List<CatalogEntry> browse(Caller caller, String query) {
		this.access.require(caller, ControlPlaneOperation.CATALOG_BROWSE);
		String words = (query != null) ? query.strip().toLowerCase(Locale.ROOT) : "";
		List<CatalogEntry> entries = new ArrayList<>();
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			PolicySnapshot policy = lease.snapshot();
			for (ConnectorDefinition connector : policy.catalog()) {
				if (!visible(policy, caller, connector.id())) {
					continue;
				}
				if (!words.isEmpty() && !matches(connector, words)) {
					continue;
				}
				entries.add(entry(policy, connector));
			}
		}
		return entries;
	}

	public ConnectorDefinition get(Caller caller, String connectorId) {
		this.access.require(caller, ControlPlaneOperation.CATALOG_GET);
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			PolicySnapshot policy = lease.snapshot();
			ConnectorDefinition connector = (connectorId != null) ? policy.connector(connectorId) : null;
			if (connector == null || !visible(policy, caller, connector.id())) {
				throw new CommandRejectedException(CatalogErrorCode.CONNECTOR_NOT_FOUND,
						"no connector '" + connectorId + "' in your catalog");
			}
			return connector;
		}
	}

	public CatalogEntry register(Caller caller, String id, String label, String kind, String url, String openapi,
			boolean allowPrivateNetwork) {
		this.access.require(caller, ControlPlaneOperation.CATALOG_REGISTER);
		if (!OperationRef.isValidConnectorId(id)) {
			throw invalid("connector id '" + id + "' is not valid: lower-case letters, digits and '-', at most 40");
		}
		if (label == null || label.isBlank()) {
			throw invalid("a connector needs a label");
		}
		ConnectorKind connectorKind = parseKind(kind);
		ConnectorDefinition connector;
		if (connectorKind == ConnectorKind.MCP) {
			if (openapi != null) {
				throw invalid("an mcp connector takes a url, not an openapi document");
			}
			requireHttpUrl(url);
			connector = new ConnectorDefinition(id, label, ConnectorKind.MCP, "Upstream MCP server at " + url, url,
					List.of(), null, allowPrivateNetwork, 1);
		}
		else {
			if (openapi == null || openapi.isBlank()) {
				throw invalid("an http connector is registered from an OpenAPI 3 document (openapi)");
			}
			try {
				connector = this.documents.importDocument(id, label, openapi, allowPrivateNetwork);
			}
			catch (IllegalArgumentException ex) {
				throw invalid("the OpenAPI document cannot be used: " + ex.getMessage());
			}
		}
		this.commands.send(caller, new RegisterConnectorCommand(caller.orgId(), connector));
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			return entry(lease.snapshot(), lease.snapshot().connector(id));
		}
	}

	public CatalogEntry unregister(Caller caller, String connectorId) {
		this.access.require(caller, ControlPlaneOperation.CATALOG_UNREGISTER);
		CatalogEntry before;
		try (PolicyLease lease = this.policies.open(caller.orgId())) {
			ConnectorDefinition connector = (connectorId != null) ? lease.snapshot().connector(connectorId) : null;
			if (connector == null) {
				throw new CommandRejectedException(CatalogErrorCode.CONNECTOR_NOT_FOUND,
						"no connector '" + connectorId + "' in your catalog");
			}
			before = entry(lease.snapshot(), connector);
		}
		this.commands.send(caller, new UnregisterConnectorCommand(caller.orgId(), connectorId));
		return before;
	}

	private boolean visible(PolicySnapshot policy, Caller caller, String connectorId) {
		return this.restrictions.decideConnector(policy, caller.subject(), caller.role(), connectorId).allowed();
	}

	private static boolean matches(ConnectorDefinition connector, String words) {
		String text = (connector.id() + " " + connector.label() + " " + connector.description())
			.toLowerCase(Locale.ROOT);
		for (String word : words.split("\\s+")) {
			if (!text.contains(word)) {
				return false;
			}
		}
		return true;
	}

	private static CatalogEntry entry(PolicySnapshot policy, ConnectorDefinition connector) {
		return new CatalogEntry(connector.id(), connector.label(), connector.kind().name(), connector.description(),
				connector.baseUrl(), connector.operations().size(), policy.isCurated(connector.id()),
				connector.allowPrivateNetwork(), connector.oauth() != null);
	}

	private static ConnectorKind parseKind(String kind) {
		if (kind == null) {
			throw invalid("a connector needs a kind: http or mcp");
		}
		try {
			return ConnectorKind.valueOf(kind.strip().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw invalid("kind '" + kind + "' is not valid: http or mcp");
		}
	}

	private static void requireHttpUrl(String url) {
		try {
			URI uri = URI.create(url);
			if (uri.getHost() == null || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))
					|| uri.getUserInfo() != null) {
				throw new IllegalArgumentException();
			}
		}
		catch (RuntimeException ex) {
			throw invalid("an mcp connector needs an absolute http(s) url without user info, e.g. "
					+ "https://mcp.example.com/mcp");
		}
	}

	private static CommandRejectedException invalid(String message) {
		return new CommandRejectedException(CatalogErrorCode.INVALID_DEFINITION, message);
	}

}
