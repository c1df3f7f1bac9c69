package io.quiver.query.toolindex;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorRegisteredEvent;
import io.quiver.command.catalog.api.ConnectorUnregisteredEvent;
import io.quiver.command.catalog.api.CuratedCatalog;
import io.quiver.command.catalog.api.OAuthClientSetEvent;
import io.quiver.query.toolindex.api.OAuthClientView;

/**
 * The connectors an organisation can connect (SPEC R4.1): the curated catalog and its own
 * custom connectors, a custom one shadowing a curated one of the same id.
 */
final class CatalogFold {

	private final CuratedCatalog curated;

	private final Map<String, ConnectorDefinition> custom = new TreeMap<>();

	private final Map<String, OAuthClientView> oauthClients = new TreeMap<>();

	private final ConnectedToolIndex tools;

	CatalogFold(CuratedCatalog curated, ConnectedToolIndex tools) {
		this.curated = curated;
		this.tools = tools;
	}

	void on(ConnectorRegisteredEvent e) {
		this.custom.put(e.connector().id(), CompactDefinitions.of(e.connector()));
		this.tools.reindexConnector(e.connector().id());
	}

	void on(ConnectorUnregisteredEvent e) {
		this.custom.remove(e.connectorId());
		this.tools.reindexConnector(e.connectorId());
	}

	void on(OAuthClientSetEvent e) {
		this.oauthClients.put(e.connectorId(), new OAuthClientView(e.connectorId(), e.clientId(), e.clientSecretRef()));
	}

	OAuthClientView oauthClient(String connectorId) {
		return this.oauthClients.get(connectorId);
	}

	ConnectorDefinition connector(String connectorId) {
		ConnectorDefinition connector = this.custom.get(connectorId);
		return (connector != null) ? connector : this.curated.connector(connectorId);
	}

	List<ConnectorDefinition> all() {
		List<ConnectorDefinition> all = new ArrayList<>(this.curated.connectors());
		all.addAll(this.custom.values());
		return all;
	}

	boolean isCurated(String connectorId) {
		return this.curated.contains(connectorId) && !this.custom.containsKey(connectorId);
	}

}
