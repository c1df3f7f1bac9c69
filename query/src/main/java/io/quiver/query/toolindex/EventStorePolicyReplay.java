package io.quiver.query.toolindex;

import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

import io.quiver.command.catalog.api.CuratedCatalog;
import io.quiver.command.shared.api.OrganizationEvent;
import io.quiver.query.search.SentenceVectors;
import io.quiver.query.toolindex.api.PolicyReplay;
import io.quiver.query.toolindex.api.PolicySnapshot;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Replays an organisation's events into a fresh {@link OrgState} up to an instant: the
 * events whose effect shows then ({@link PolicyTimeline#inForceAt}), read back from the
 * event store by position, in store order, and folded by the same fold as the live state.
 * An event superseded by then is left out (its superseder sets again all it set), so an
 * answer costs the organisation's events in force, not the store's history: 100,000
 * changes of one restriction cost one of them.
 * <p>
 * The timeline is current once the live state has caught up, so every replay first
 * catches up: an event committed before the question is in its answer.
 */
@Component
class EventStorePolicyReplay implements PolicyReplay {

	/**
	 * A run of the store read through rather than skipped by a new read: about one batch
	 * of the JDBC engine, whose events cost their rows (payloads stay undeserialised).
	 */
	static final long READ_THROUGH = 200;

	private final EventStorageEngine storage;

	private final CuratedCatalog curated;

	private final PolicyTimeline timeline;

	private final ToolIndexFeed feed;

	/** The semantic signal's vectors (R6.15), or null where the model is not loaded. */
	private final SentenceVectors vectors;

	EventStorePolicyReplay(EventStorageEngine storage, CuratedCatalog curated, PolicyTimeline timeline,
			ToolIndexFeed feed, ObjectProvider<SentenceVectors> vectors) {
		this.storage = storage;
		this.curated = curated;
		this.timeline = timeline;
		this.feed = feed;
		this.vectors = vectors.getIfAvailable();
	}

	@Override
	public PolicySnapshot asOf(String orgId, Instant at) {
		this.feed.catchUp();
		long[] positions = this.timeline.inForceAt(orgId, at);
		if (positions == null) {
			return null;
		}
		OrgState state = new OrgState(orgId, this.curated, this.vectors);
		int next = 0;
		while (next < positions.length) {
			next = fold(state, positions, next);
		}
		return state;
	}

	/**
	 * Reads the store from {@code positions[next]} on and folds the events at the given
	 * positions until the next one is further than {@link #READ_THROUGH} ahead; answers
	 * the index of the first position not folded yet.
	 */
	private int fold(OrgState state, long[] positions, int next) {
		GapAwareTrackingToken from = GapAwareTrackingToken.newInstance(positions[next] - 1, List.of());
		try (Stream<? extends TrackedEventMessage<?>> events = this.storage.readEvents(from, false)) {
			for (Iterator<? extends TrackedEventMessage<?>> it = events.iterator(); it.hasNext();) {
				TrackedEventMessage<?> event = it.next();
				long position = event.trackingToken().position().orElseThrow();
				if (position < positions[next]) {
					continue;
				}
				if (position > positions[next]) {
					throw new IllegalStateException(
							"the event store has no event at position " + positions[next] + " any more");
				}
				state.apply((OrganizationEvent) event.getPayload(), event.getTimestamp());
				next++;
				if (next == positions.length || positions[next] - position > READ_THROUGH) {
					return next;
				}
			}
		}
		throw new IllegalStateException("the event store ends before position " + positions[next]);
	}

}
