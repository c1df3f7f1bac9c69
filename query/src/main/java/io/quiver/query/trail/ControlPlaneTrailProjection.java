package io.quiver.query.trail;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.command.catalog.api.ConnectorRegisteredEvent;
import io.quiver.command.connection.api.ConnectionToolsRefreshedEvent;
import io.quiver.command.shared.api.Actor;
import io.quiver.command.shared.api.OrganizationEvent;
import io.quiver.query.support.Instants;
import io.quiver.query.support.ReadModelJson;
import io.quiver.query.support.TrailQuery;
import io.quiver.query.trail.api.ControlPlaneChange;
import io.quiver.query.trail.api.FindControlPlaneChangesQuery;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

/**
 * Control-plane changes as an event-backed trail (SPEC R10.3): one row per event with who
 * (member, subject, edge), what (event type, aggregate, a summary carrying before and
 * after where the event does: role and restriction changes) and when. Table
 * {@code control_plane_trail}, keyed by event id so replays are idempotent. Events carry
 * no secrets and no call arguments, so neither can reach this trail.
 */
@Component
@ProcessingGroup(ControlPlaneTrailProjection.PROCESSING_GROUP)
public class ControlPlaneTrailProjection {

	public static final String PROCESSING_GROUP = "control-plane-trail";

	private static final RowMapper<ControlPlaneChange> ROW = (rs, i) -> new ControlPlaneChange(rs.getString("event_id"),
			rs.getString("at"), rs.getString("event_type"), rs.getString("aggregate_id"), rs.getString("actor_member"),
			rs.getString("actor_subject"), rs.getString("via"),
			ReadModelJson.read(rs.getString("summary"), JsonNode.class));

	private final JdbcTemplate jdbc;

	public ControlPlaneTrailProjection(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@EventHandler
	void on(OrganizationEvent event, EventMessage<?> message) {
		String aggregateId = (message instanceof DomainEventMessage<?> domain) ? domain.getAggregateIdentifier()
				: event.orgId();
		this.jdbc.update(
				"""
						INSERT INTO control_plane_trail (event_id, org_id, at, event_type, aggregate_id, actor_member, actor_subject, via,
						    summary)
						VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""",
				message.getIdentifier(), event.orgId(), Instants.format(message.getTimestamp()),
				event.getClass().getSimpleName(), aggregateId, message.getMetaData().get(Actor.MEMBER_KEY),
				message.getMetaData().get(Actor.SUBJECT_KEY), message.getMetaData().get(Actor.VIA_KEY),
				ReadModelJson.write(summary(event)));
	}

	/** The event itself, but bulky imported definitions shortened to counts. */
	private static JsonNode summary(OrganizationEvent event) {
		ObjectNode summary = ReadModelJson.mapper().valueToTree(event);
		if (event instanceof ConnectionToolsRefreshedEvent refreshed) {
			summary.remove("operations");
			summary.put("operationCount", refreshed.operations().size());
		}
		if (event instanceof ConnectorRegisteredEvent registered) {
			ObjectNode connector = summary.withObjectProperty("connector");
			connector.remove("operations");
			connector.put("operationCount", registered.connector().operations().size());
		}
		return summary;
	}

	@ResetHandler
	void reset() {
		this.jdbc.update("DELETE FROM control_plane_trail");
	}

	@QueryHandler
	List<ControlPlaneChange> handle(FindControlPlaneChangesQuery query) {
		TrailQuery trail = TrailQuery.of("control_plane_trail", query.orgId()).between(query.from(), query.to());
		if (query.cursor() != null) {
			int bar = query.cursor().indexOf('|');
			String at = query.cursor().substring(0, Math.max(bar, 0));
			trail.and("(at > ? OR (at = ? AND event_id > ?))", at, at, query.cursor().substring(bar + 1));
		}
		return trail.page(this.jdbc, ROW, query.limit());
	}

}
