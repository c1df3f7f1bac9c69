package io.quiver.query.toolindex;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

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
 */
@Component
class ToolIndexFeed implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(ToolIndexFeed.class);

	private final EventStorageEngine storage;

	private final ReentrantLock lock = new ReentrantLock();

	private final AtomicLong requested = new AtomicLong();

	private volatile long completed;

	private volatile TrackingToken token;

	private volatile long applied;

	private volatile boolean running;

	private LivePolicyStore store;

	ToolIndexFeed(EventStorageEngine storage) {
		this.storage = storage;
	}

	void attach(LivePolicyStore store) {
		this.store = store;
	}

	/** Applies every event committed before this call began; returns when done. */
	void catchUp() {
		long ticket = this.requested.incrementAndGet();
		this.lock.lock();
		try {
			if (this.completed >= ticket) {
				return;
			}
			long covering = this.requested.get();
			pull();
			this.completed = covering;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Events applied since start. */
	long applied() {
		return this.applied;
	}

	private void pull() {
		try (Stream<? extends TrackedEventMessage<?>> events = this.storage.readEvents(this.token, false)) {
			events.forEachOrdered((event) -> {
				this.store.apply(event);
				this.token = event.trackingToken();
				this.applied++;
			});
		}
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
