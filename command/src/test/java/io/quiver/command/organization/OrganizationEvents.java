package io.quiver.command.organization;

import java.util.List;
import java.util.Map;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorKind;
import io.quiver.command.catalog.api.ConnectorRegisteredEvent;
import io.quiver.command.catalog.api.ConnectorUnregisteredEvent;
import io.quiver.command.organization.api.OrganizationCreatedEvent;
import io.quiver.command.organization.api.OrganizationSettings;

/**
 * Organisation events with test defaults.
 */
final class OrganizationEvents {

	static final String ORG_ID = "acme";

	static final String ORG_NAME = "Acme Corp";

	static final String CUSTOM_CONNECTOR_ID = "acme-wiki";

	private OrganizationEvents() {
	}

	static OrganizationCreatedEvent created() {
		return new OrganizationCreatedEvent(ORG_ID, ORG_NAME, OrganizationSettings.DEFAULT);
	}

	static ConnectorDefinition customConnector(String id) {
		return new ConnectorDefinition(id, "Acme Wiki", ConnectorKind.MCP, "The in-house wiki",
				"https://wiki.acme.example/mcp", List.of(), Map.of(), false, 1);
	}

	static ConnectorRegisteredEvent connectorRegistered() {
		return new ConnectorRegisteredEvent(ORG_ID, customConnector(CUSTOM_CONNECTOR_ID));
	}

	static ConnectorUnregisteredEvent connectorUnregistered() {
		return new ConnectorUnregisteredEvent(ORG_ID, CUSTOM_CONNECTOR_ID);
	}

}
