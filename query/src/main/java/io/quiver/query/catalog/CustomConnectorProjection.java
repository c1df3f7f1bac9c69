package io.quiver.query.catalog;

import java.time.Instant;
import java.util.List;

import io.quiver.command.catalog.api.ConnectorDefinition;
import io.quiver.command.catalog.api.ConnectorRegisteredEvent;
import io.quiver.command.catalog.api.ConnectorUnregisteredEvent;
import io.quiver.query.catalog.api.CustomConnectorSummary;
import io.quiver.query.catalog.api.FindCustomConnectorsQuery;
import io.quiver.query.support.Instants;
import io.quiver.query.support.ReadModelJson;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The connectors registered at run time, table {@code catalog_connector}. Curated
 * connectors are not events; they come from the versioned catalog files.
 */
@Component
@ProcessingGroup(CustomConnectorProjection.PROCESSING_GROUP)
public class CustomConnectorProjection {

	public static final String PROCESSING_GROUP = "catalog";

	private final JdbcTemplate jdbc;

	public CustomConnectorProjection(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@EventHandler
	void on(ConnectorRegisteredEvent event, @SequenceNumber long seq, @Timestamp Instant at) {
		this.jdbc.update("DELETE FROM catalog_connector WHERE org_id = ? AND connector_id = ? AND last_seq < ?",
				event.orgId(), event.connector().id(), seq);
		this.jdbc
			.update("""
					INSERT INTO catalog_connector (org_id, connector_id, definition, registered_at, last_seq)
					SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM catalog_connector WHERE org_id = ? AND connector_id = ?)""",
					event.orgId(), event.connector().id(), ReadModelJson.write(event.connector()), Instants.format(at),
					seq, event.orgId(), event.connector().id());
	}

	@EventHandler
	void on(ConnectorUnregisteredEvent event, @SequenceNumber long seq) {
		this.jdbc.update("DELETE FROM catalog_connector WHERE org_id = ? AND connector_id = ? AND last_seq < ?",
				event.orgId(), event.connectorId(), seq);
	}

	@ResetHandler
	void reset() {
		this.jdbc.update("DELETE FROM catalog_connector");
	}

	@QueryHandler
	List<CustomConnectorSummary> handle(FindCustomConnectorsQuery query) {
		return this.jdbc.query(
				"SELECT definition, registered_at FROM catalog_connector WHERE org_id = ? ORDER BY connector_id",
				(rs, i) -> new CustomConnectorSummary(
						ReadModelJson.read(rs.getString("definition"), ConnectorDefinition.class),
						rs.getString("registered_at")),
				query.orgId());
	}

}
