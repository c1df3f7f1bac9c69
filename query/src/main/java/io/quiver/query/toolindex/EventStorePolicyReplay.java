package io.quiver.query.toolindex;

import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.stream.Stream;

import io.quiver.query.search.SentenceVectors;
import io.quiver.command.catalog.api.CuratedCatalog;
import io.quiver.command.shared.api.OrganizationEvent;
import io.quiver.query.toolindex.api.PolicyReplay;
import io.quiver.query.toolindex.api.PolicySnapshot;
import org.springframework.beans.factory.ObjectProvider;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.springframework.stereotype.Component;

/**
 * Replays the event store into a fresh {@link OrgState} up to an instant. Events are read
 * in store order; those of the organisation stamped at or before the instant are applied.
 * Reading stops once events are stamped more than {@link #COMMIT_SKEW} after the instant:
 * store order and time order differ only by how long a transaction takes between stamping
 * its events and committing them, which is far below that bound.
 */
@Component
class EventStorePolicyReplay implements PolicyReplay {

	static final Duration COMMIT_SKEW = Duration.ofMinutes(5);

	private final EventStorageEngine storage;

	private final CuratedCatalog curated;

	/** The semantic signal's vectors (R6.15), or null where the model is not loaded. */
	private final SentenceVectors vectors;

	EventStorePolicyReplay(EventStorageEngine storage, CuratedCatalog curated,
			ObjectProvider<SentenceVectors> vectors) {
		this.storage = storage;
		this.curated = curated;
		this.vectors = vectors.getIfAvailable();
	}

	@Override
	public PolicySnapshot asOf(String orgId, Instant at) {
		OrgState state = new OrgState(orgId, this.curated, this.vectors);
		Instant stop = at.plus(COMMIT_SKEW);
		boolean exists = false;
		try (Stream<? extends TrackedEventMessage<?>> events = this.storage.readEvents(null, false)) {
			for (Iterator<? extends TrackedEventMessage<?>> it = events.iterator(); it.hasNext();) {
				TrackedEventMessage<?> event = it.next();
				Instant stamped = event.getTimestamp();
				if (stamped.isAfter(stop)) {
					break;
				}
				if (stamped.isAfter(at)) {
					continue;
				}
				if (event.getPayload() instanceof OrganizationEvent payload && payload.orgId().equals(orgId)) {
					state.apply(payload, stamped);
					exists = true;
				}
			}
		}
		return exists ? state : null;
	}

}
