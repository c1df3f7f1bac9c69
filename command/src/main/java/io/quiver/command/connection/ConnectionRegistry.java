package io.quiver.command.connection;

import io.quiver.command.connection.api.ConnectionCreatedEvent;
import io.quiver.command.connection.api.ConnectionDeletedEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Command-side lookup table of live connections per connector, so that a connector still
 * in use cannot be unregistered. Kept by a subscribing processor in the transaction that
 * stores the event.
 */
@Component
@ProcessingGroup(ConnectionRegistry.PROCESSING_GROUP)
public class ConnectionRegistry {

	public static final String PROCESSING_GROUP = "connection-registry";

	private final JdbcTemplate jdbc;

	public ConnectionRegistry(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** Live connections on a connector of an organisation. */
	public int countOnConnector(String orgId, String connectorId) {
		Integer n = this.jdbc.queryForObject(
				"SELECT count(*) FROM connection_registry WHERE org_id = ? AND connector_id = ?", Integer.class, orgId,
				connectorId);
		return (n != null) ? n : 0;
	}

	@EventHandler
	void on(ConnectionCreatedEvent event) {
		this.jdbc.update("INSERT INTO connection_registry (connection_id, org_id, connector_id) VALUES (?, ?, ?)",
				event.connectionId(), event.orgId(), event.connectorId());
	}

	@EventHandler
	void on(ConnectionDeletedEvent event) {
		this.jdbc.update("DELETE FROM connection_registry WHERE connection_id = ?", event.connectionId());
	}

}
