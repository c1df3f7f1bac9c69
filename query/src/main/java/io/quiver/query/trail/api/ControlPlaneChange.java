package io.quiver.query.trail.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One control-plane change: who (member, subject, edge), what (event, aggregate, summary
 * with before/after where it matters), when (SPEC R10.3).
 */
public record ControlPlaneChange(String eventId, String at, String eventType, String aggregateId, String actorMember,
		String actorSubject, String via, JsonNode summary) {
}
