package io.quiver.query.restriction;

import java.time.Instant;
import java.util.List;

import io.quiver.command.restriction.api.RestrictionCreatedEvent;
import io.quiver.command.restriction.api.RestrictionDeletedEvent;
import io.quiver.command.restriction.api.RestrictionRules;
import io.quiver.command.restriction.api.RestrictionUpdatedEvent;
import io.quiver.command.shared.api.Actor;
import io.quiver.query.support.Instants;
import io.quiver.query.restriction.api.FindRestrictionHistoryQuery;
import io.quiver.query.restriction.api.RestrictionChange;
import io.quiver.query.support.ReadModelJson;
import io.quiver.query.support.TrailQuery;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

/**
 * The restriction history (SPEC R11.2): every restriction change with who made it, when,
 * and the rules before and after, table {@code restriction_history}, one row per event
 * (by event id, so replays are idempotent).
 */
@Component
@ProcessingGroup(RestrictionHistoryProjection.PROCESSING_GROUP)
public class RestrictionHistoryProjection {

	public static final String PROCESSING_GROUP = "restriction-history";

	private static final RowMapper<RestrictionChange> ROW = (rs, i) -> new RestrictionChange(rs.getString("event_id"),
			rs.getString("at"), rs.getString("restriction_id"), rs.getString("target"), rs.getString("change"),
			ReadModelJson.read(rs.getString("before_rules"), RestrictionRules.class),
			ReadModelJson.read(rs.getString("after_rules"), RestrictionRules.class), rs.getString("actor_member"),
			rs.getString("actor_subject"), rs.getString("via"));

	private final JdbcTemplate jdbc;

	public RestrictionHistoryProjection(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@EventHandler
	void on(RestrictionCreatedEvent event, EventMessage<?> message) {
		record(message, event.orgId(), event.restrictionId(), event.target().toString(), "CREATED", null,
				event.rules());
	}

	@EventHandler
	void on(RestrictionUpdatedEvent event, EventMessage<?> message) {
		record(message, event.orgId(), event.restrictionId(), event.target().toString(), "UPDATED", event.before(),
				event.after());
	}

	@EventHandler
	void on(RestrictionDeletedEvent event, EventMessage<?> message) {
		record(message, event.orgId(), event.restrictionId(), event.target().toString(), "DELETED", event.before(),
				null);
	}

	private void record(EventMessage<?> message, String orgId, String restrictionId, String target, String change,
			RestrictionRules before, RestrictionRules after) {
		Instant at = message.getTimestamp();
		this.jdbc.update(
				"""
						INSERT INTO restriction_history (event_id, org_id, at, restriction_id, target, change, before_rules, after_rules,
						    actor_member, actor_subject, via)
						VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""",
				message.getIdentifier(), orgId, Instants.format(at), restrictionId, target, change,
				(before != null) ? ReadModelJson.write(before) : null,
				(after != null) ? ReadModelJson.write(after) : null, message.getMetaData().get(Actor.MEMBER_KEY),
				message.getMetaData().get(Actor.SUBJECT_KEY), message.getMetaData().get(Actor.VIA_KEY));
	}

	@ResetHandler
	void reset() {
		this.jdbc.update("DELETE FROM restriction_history");
	}

	@QueryHandler
	List<RestrictionChange> handle(FindRestrictionHistoryQuery query) {
		return TrailQuery.of("restriction_history", query.orgId())
			.equal("target", query.target())
			.between(query.from(), query.to())
			.page(this.jdbc, ROW, query.limit());
	}

}
