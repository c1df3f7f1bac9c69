package io.quiver.command.connection;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.quiver.command.catalog.api.BodyEncoding;
import io.quiver.command.catalog.api.Classification;
import io.quiver.command.catalog.api.OperationDefinition;
import io.quiver.command.connection.api.ConnectionCreatedEvent;
import io.quiver.command.connection.api.ConnectionDeletedEvent;
import io.quiver.command.connection.api.ConnectionRelabeledEvent;
import io.quiver.command.connection.api.ConnectionToolsRefreshedEvent;
import io.quiver.command.connection.api.CredentialType;
import io.quiver.command.connection.api.GrantReference;
import io.quiver.command.connection.api.GrantRevokedEvent;
import io.quiver.command.connection.api.GrantRotatedEvent;
import io.quiver.command.connection.api.GrantStoredEvent;

/**
 * Connection events with test defaults: connection {@value #CONNECTION_ID} labelled
 * {@value #LABEL} on connector {@value #CONNECTOR_ID}, owned by {@value #OWNER_ID}.
 */
public final class ConnectionEvents {

	public static final String ORG_ID = "acme";

	public static final String OTHER_ORG_ID = "globex";

	public static final String CONNECTION_ID = "c-notion-legal";

	public static final String CONNECTOR_ID = "notion";

	public static final String LABEL = "notion-legal";

	public static final String OWNER_ID = "m-alice";

	public static final GrantReference GRANT = new GrantReference("vault/acme/c-notion-legal/1", CredentialType.BEARER,
			"fp-1111");

	public static final GrantReference ROTATED_GRANT = new GrantReference("vault/acme/c-notion-legal/2",
			CredentialType.BEARER, "fp-2222");

	private ConnectionEvents() {
	}

	public static ConnectionCreatedEvent created() {
		return created(CONNECTION_ID, CONNECTOR_ID, LABEL);
	}

	public static ConnectionCreatedEvent created(String connectionId, String connectorId, String label) {
		return new ConnectionCreatedEvent(ORG_ID, connectionId, connectorId, label, OWNER_ID);
	}

	public static ConnectionRelabeledEvent relabeled(String from, String to) {
		return new ConnectionRelabeledEvent(ORG_ID, CONNECTION_ID, from, to);
	}

	public static GrantStoredEvent grantStored() {
		return new GrantStoredEvent(ORG_ID, CONNECTION_ID, GRANT);
	}

	public static GrantRotatedEvent grantRotated() {
		return new GrantRotatedEvent(ORG_ID, CONNECTION_ID, GRANT.vaultRef(), ROTATED_GRANT);
	}

	public static GrantRevokedEvent grantRevoked(GrantReference grant) {
		return new GrantRevokedEvent(ORG_ID, CONNECTION_ID, grant.vaultRef());
	}

	public static ConnectionToolsRefreshedEvent toolsRefreshed(List<OperationDefinition> operations) {
		return new ConnectionToolsRefreshedEvent(ORG_ID, CONNECTION_ID, operations);
	}

	public static ConnectionDeletedEvent deleted(String vaultRef) {
		return deleted(CONNECTION_ID, LABEL, vaultRef);
	}

	public static ConnectionDeletedEvent deleted(String connectionId, String label, String vaultRef) {
		return new ConnectionDeletedEvent(ORG_ID, connectionId, label, vaultRef);
	}

	/** An operation as imported from an upstream MCP server's tools/list. */
	public static OperationDefinition importedTool(String name) {
		return new OperationDefinition(name, null, "Imported tool " + name, null, null,
				JsonNodeFactory.instance.objectNode().put("type", "object"), Map.of(), BodyEncoding.JSON, null,
				Classification.WRITE, null);
	}

}
