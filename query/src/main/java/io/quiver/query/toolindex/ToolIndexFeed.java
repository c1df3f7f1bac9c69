package io.quiver.query.toolindex;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.quiver.command.shared.api.OrganizationEvent;
import io.quiver.query.toolindex.api.PolicyChangeListener;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Keeps this node's policy state current with the event store, pulled on demand (SPEC
 * R9).
 * <p>
 * Every request calls {@link #catchUp()} before it reads the state. A catch-up reads the
 * events committed since the last one with a gap-aware tracking token (so an event whose
 * transaction committed late, below the highest index seen, is still picked up) and
 * applies them. Requests that arrive while a catch-up runs wait for the next one, which
 * starts after they arrived, so a change committed before a request arrived, on any node,
 * is in effect for it. Concurrent requests share catch-ups: under load the cost is one
 * indexed query per batch of requests, not per request. No time-based cache is involved.
 * <p>
 * After a catch-up that applied events, the listeners are told which organisations moved
 * (SPEC R12.6: open notification streams are recomputed from that).
 */
@Component
class ToolIndexFeed implements SmartLifecycle, MeterBinder {

	private static final Logger log = LoggerFactory.getLogger(ToolIndexFeed.class);

	private final EventStorageEngine storage;

	private final ReentrantLock lock = new ReentrantLock();

	private final AtomicLong requested = new AtomicLong();

	private volatile long completed;

	private volatile TrackingToken token;

	private volatile long applied;

	private volatile boolean running;

	private LivePolicyStore store;

	private final List<PolicyChangeListener> listeners = new CopyOnWriteArrayList<>();

	/** Every event applied, by organisation and instant, for the compliance replay. */
	private final PolicyTimeline timeline;

	ToolIndexFeed(EventStorageEngine storage, PolicyTimeline timeline) {
		this.storage = storage;
		this.timeline = timeline;
	}

	void attach(LivePolicyStore store) {
		this.store = store;
	}

	void addListener(PolicyChangeListener listener) {
		this.listeners.add(listener);
	}

	/** Applies every event committed before this call began; returns when done. */
	void catchUp() {
		long ticket = this.requested.incrementAndGet();
		Set<String> moved;
		this.lock.lock();
		try {
			if (this.completed >= ticket) {
				return;
			}
			long covering = this.requested.get();
			moved = pull();
			this.completed = covering;
		}
		finally {
			this.lock.unlock();
		}
		if (!moved.isEmpty()) {
			for (PolicyChangeListener listener : this.listeners) {
				listener.changed(moved);
			}
		}
	}

	/**
	 * How far this node's policy state is behind the event store, in events: the store's
	 * head index less the last one applied (SPEC R15.1). Read when scraped; a request
	 * brings it to 0 before it decides.
	 */
	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder("quiver.event.catchup.lag", this, ToolIndexFeed::lag)
			.description("Events in the event store not yet applied to this node's policy state")
			.baseUnit("events")
			.register(registry);
		FunctionCounter.builder("quiver.event.applied", this, (feed) -> feed.applied)
			.description("Events applied to this node's policy state since it started")
			.baseUnit("events")
			.register(registry);
	}

	private double lag() {
		TrackingToken head = this.storage.createHeadToken();
		if (head == null || head.position().isEmpty()) {
			return 0;
		}
		TrackingToken current = this.token;
		long applied = (current != null) ? current.position().orElse(-1) : -1;
		return Math.max(0, head.position().getAsLong() - applied);
	}

	/** Events applied since start. */
	long applied() {
		return this.applied;
	}

	/** Applies what is new; answers the organisations it belonged to. */
	private Set<String> pull() {
		Set<String> moved = new HashSet<>();
		try (Stream<? extends TrackedEventMessage<?>> events = this.storage.readEvents(this.token, false)) {
			events.forEachOrdered((event) -> {
				this.store.apply(event);
				this.token = event.trackingToken();
				this.applied++;
				if (event.getPayload() instanceof OrganizationEvent payload) {
					this.timeline.record(payload, event.trackingToken().position().orElseThrow(), event.getTimestamp());
					moved.add(payload.orgId());
				}
			});
		}
		return moved;
	}

	@Override
	public void start() {
		long started = System.nanoTime();
		catchUp();
		this.running = true;
		log.info("Policy state loaded from the event store: {} events in {} ms", this.applied,
				(System.nanoTime() - started) / 1_000_000);
	}

	@Override
	public void stop() {
		this.running = false;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
