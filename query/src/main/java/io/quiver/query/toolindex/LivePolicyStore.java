package io.quiver.query.toolindex;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import io.quiver.query.search.SentenceVectors;
import io.quiver.command.catalog.api.CuratedCatalog;
import io.quiver.command.shared.api.OrganizationEvent;
import io.quiver.query.toolindex.api.PolicyChangeListener;
import io.quiver.query.toolindex.api.PolicyLease;
import io.quiver.query.toolindex.api.PolicySnapshot;
import io.quiver.query.toolindex.api.PolicyStore;
import org.springframework.beans.factory.ObjectProvider;
import org.axonframework.eventhandling.EventMessage;
import org.springframework.stereotype.Component;

/**
 * The live policy state of every organisation on this node: one {@link OrgState} per
 * organisation, each behind a read-write lock. {@link ToolIndexFeed} applies the event
 * store's events under the write lock; requests read under the read lock.
 */
@Component
class LivePolicyStore implements PolicyStore {

	private final ConcurrentHashMap<String, GuardedState> organizations = new ConcurrentHashMap<>();

	private final CuratedCatalog curated;

	private final ToolIndexFeed feed;

	/** The semantic signal's vectors (R6.15), or null where the model is not loaded. */
	private final SentenceVectors vectors;

	LivePolicyStore(CuratedCatalog curated, ToolIndexFeed feed, ObjectProvider<SentenceVectors> vectors) {
		this.curated = curated;
		this.feed = feed;
		this.vectors = vectors.getIfAvailable();
		feed.attach(this);
	}

	@Override
	public PolicyLease open(String orgId) {
		this.feed.catchUp();
		GuardedState guarded = this.organizations.get(orgId);
		if (guarded == null) {
			return null;
		}
		Lock readLock = guarded.lock.readLock();
		readLock.lock();
		return new ReadLease(guarded.state, readLock);
	}

	@Override
	public void catchUp() {
		this.feed.catchUp();
	}

	@Override
	public void addChangeListener(PolicyChangeListener listener) {
		this.feed.addListener(listener);
	}

	/**
	 * Applies one event from the store; called by the feed, one event at a time, in
	 * order.
	 */
	void apply(EventMessage<?> event) {
		if (!(event.getPayload() instanceof OrganizationEvent payload)) {
			return;
		}
		GuardedState guarded = this.organizations.computeIfAbsent(payload.orgId(),
				(orgId) -> new GuardedState(new OrgState(orgId, this.curated, this.vectors)));
		guarded.lock.writeLock().lock();
		try {
			guarded.state.apply(payload, event.getTimestamp());
		}
		finally {
			guarded.lock.writeLock().unlock();
		}
	}

	private static final class ReadLease implements PolicyLease {

		private final PolicySnapshot snapshot;

		private final Lock lock;

		private final AtomicBoolean open = new AtomicBoolean(true);

		ReadLease(PolicySnapshot snapshot, Lock lock) {
			this.snapshot = snapshot;
			this.lock = lock;
		}

		@Override
		public PolicySnapshot snapshot() {
			if (!this.open.get()) {
				throw new IllegalStateException("the policy lease is closed");
			}
			return this.snapshot;
		}

		@Override
		public void close() {
			if (this.open.compareAndSet(true, false)) {
				this.lock.unlock();
			}
		}

	}

	private record GuardedState(OrgState state, ReentrantReadWriteLock lock) {

		GuardedState(OrgState state) {
			this(state, new ReentrantReadWriteLock());
		}

	}

}
